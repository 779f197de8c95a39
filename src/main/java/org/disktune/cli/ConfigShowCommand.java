package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.tuning.DesiredStateService;
import org.disktune.tuning.DesiredStateService.ShowResult;
import org.disktune.tuning.EffectiveSetting;

import picocli.CommandLine.Command;

/** disktune config show: every effective setting, its value now and where it comes from. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "For each disk, array and mount the configuration names: every effective setting (the most specific "
                + "matching section wins), the value wanted, the value now, and the section and line it comes from. Read-only.")
final class ConfigShowCommand implements Callable<Integer> {
    private final Session session;

    ConfigShowCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        ShowResult result = new DesiredStateService(session.host(), DriverCatalog.load(), session.configLocation()).show();
        session.output().render("config show", result, out -> {
            TableRenderer table = new TableRenderer("TARGET", "ID", "SETTING", "WANTED", "NOW", "STATUS", "FROM");
            for (EffectiveSetting s : result.settings()) {
                table.row(s.target(), s.identity(), s.setting().key(), s.wanted(), s.current(), SettingStatusText.of(s),
                        s.origin().origin());
            }
            if (table.isEmpty()) {
                out.println(result.file() + " sets nothing on this machine");
            } else {
                table.print(out);
            }
            result.warnings().forEach(w -> out.println("warning: " + w));
            result.absent().forEach(a -> out.println("absent: " + a));
            result.notes().forEach(n -> out.println("note: " + n));
        });
        return ExitCode.OK.code();
    }
}
