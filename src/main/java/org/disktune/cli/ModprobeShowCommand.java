package org.disktune.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.ModprobeShowService;
import org.disktune.modprobe.ModuleOptionStatus;

import picocli.CommandLine.Command;

/** disktune modprobe show: every option configured or in effect, its source, and the running kernel's value. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "List every module option configured (modprobe.d files in kmod's order, the kernel command line) or in "
                + "effect for the drivers disktune knows: the winning value and where it comes from, the value in "
                + "/sys/module/MODULE/parameters/PARAM, and whether they agree. Read-only; works without root.")
final class ModprobeShowCommand implements Callable<Integer> {
    private final Session session;

    ModprobeShowCommand(Session session) {
        this.session = session;
    }

    /** The JSON view: {"options": [...]}. */
    record ModprobeShowResult(List<ModuleOptionStatus> options) {
    }

    @Override
    public Integer call() {
        ModprobeShowResult result = new ModprobeShowResult(new ModprobeShowService(session.host(), DriverCatalog.load()).show());
        session.output().render("modprobe show", result, out -> {
            if (result.options().isEmpty()) {
                out.println("No module options configured, and no known driver with readable parameters is loaded.");
                return;
            }
            TableRenderer table = new TableRenderer("MODULE", "PARAMETER", "CONFIGURED", "SOURCE", "RUNNING", "STATE");
            for (ModuleOptionStatus s : result.options()) {
                table.row(s.module(), s.parameter(), s.configuredValue(), s.source(), s.runningValue(),
                        s.agreement().name().toLowerCase(Locale.ROOT).replace('_', ' '));
            }
            table.print(out);
            for (ModuleOptionStatus s : result.options()) {
                for (String note : s.notes()) {
                    out.println("  " + s.module() + " " + s.parameter() + ": " + note);
                }
            }
        });
        return ExitCode.OK.code();
    }
}
