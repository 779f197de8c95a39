package org.disktune.cli;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;

import org.disktune.apply.JournalEntry;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PlanRenderer;
import org.disktune.apply.PostconditionChecker;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.persist.Units;
import org.disktune.persist.UnitsPlanner;
import org.disktune.persist.UnitsPlanner.UnitsPlan;
import org.disktune.persist.UnitsState;
import org.disktune.apply.ChangePreflight;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** disktune units install|remove: the systemd units that apply at boot and verify daily, for users who run the jar without a package. */
@Command(name = "units", mixinStandardHelpOptions = true,
        description = "Install or remove disktune's systemd units: disktune.service (apply --boot at every boot), "
                + "disktune-verify.service and disktune-verify.timer (verify --quiet daily; drift makes the unit failed). "
                + "For users who run the jar without a package; a package installs them in /usr/lib/systemd/system.",
        subcommands = {UnitsCommand.Install.class, UnitsCommand.Remove.class})
final class UnitsCommand implements Callable<Integer> {
    private final Session session;

    @Spec
    private CommandSpec spec;

    UnitsCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(session.err());
        return ExitCode.USAGE.code();
    }

    /** What units install/remove did, for --json and the human view. */
    record UnitsView(String action, boolean dryRun, boolean changed, String plan, String journalId, List<String> notes,
            List<String> warnings) {
    }

    static int run(Session session, String action, boolean dryRun, Function<UnitsState, UnitsPlan> planner) {
        Host host = session.host();
        UnitsPlan planned = planner.apply(UnitsState.read(host));
        boolean changed = !planned.plan().isEmpty();
        String rendered = new PlanRenderer().render(planned.plan());
        String journalId = null;
        if (changed && !dryRun) {
            ChangePreflight.requireRoot(host, "units " + action);
            journalId = ApplyFailureOutput.around(session, () -> new PlanExecutor(PostconditionChecker.NONE)
                    .apply(host, planned.plan(), "units " + action)).map(JournalEntry::id).orElse(null);
        }
        UnitsView view = new UnitsView(action, dryRun, changed, rendered, journalId, planned.notes(), planned.warnings());
        session.output().render("units " + action, view, out -> {
            if (!changed) {
                out.println("install".equals(action) ? "nothing to change: disktune's units are in place"
                        : "nothing to remove: no disktune unit is installed in " + Units.ETC_DIRECTORY + " or enabled");
            } else {
                out.print(rendered);
                if (dryRun) {
                    out.println("dry run: nothing was changed");
                } else {
                    out.println(("install".equals(action) ? "installed" : "removed") + ": journal " + view.journalId()
                            + "; undo with: disktune undo (it puts the unit files back; systemctl's enable links are taken back by "
                            + ("install".equals(action) ? "disktune units remove)" : "disktune units install)"));
                }
            }
            planned.warnings().forEach(w -> out.println("warning: " + w));
            planned.notes().forEach(n -> out.println("note: " + n));
        });
        return ExitCode.OK.code();
    }

    /** disktune units install. */
    @Command(name = "install", mixinStandardHelpOptions = true,
            description = {"Copy the units into /etc/systemd/system (unless a package installed them in /usr/lib/systemd/system), "
                    + "then systemctl daemon-reload, enable disktune.service and disktune-verify.timer, and start the timer. "
                    + "Journaled under /var/lib/disktune like every change. Under --root only the files are written.",
                    "Warns when /usr/sbin/disktune, the program the units run, does not exist. Needs root, except with --dry-run."})
    static final class Install implements Callable<Integer> {
        private final Session session;

        @Option(names = "--dry-run", description = "Print the files and commands; change nothing.")
        private boolean dryRun;

        Install(Session session) {
            this.session = session;
        }

        @Override
        public Integer call() {
            return run(session, "install", dryRun, new UnitsPlanner()::install);
        }
    }

    /** disktune units remove. */
    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = {"systemctl disable --now the units, delete the ones units install wrote to /etc/systemd/system, "
                    + "then systemctl daemon-reload. Units a package installed are only disabled. Under --root only the files are deleted.",
                    "Needs root, except with --dry-run."})
    static final class Remove implements Callable<Integer> {
        private final Session session;

        @Option(names = "--dry-run", description = "Print the files and commands; change nothing.")
        private boolean dryRun;

        Remove(Session session) {
            this.session = session;
        }

        @Override
        public Integer call() {
            return run(session, "remove", dryRun, new UnitsPlanner()::remove);
        }
    }
}
