package org.disktune.tuning;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * The checks made before a plan is applied, so that a change that cannot succeed fails with one
 * line and leaves every file (and the journal) as it was.
 */
public final class ChangePreflight {
    private ChangePreflight() {
    }

    /** On the live machine only root may change /etc and /boot. */
    public static void requireRoot(Host host, String command) {
        requireRoot(host, command, "changes files in /etc, /boot and /var/lib/disktune", true);
    }

    /**
     * On the live machine only root may make the changes {@code command} makes ({@code changes}, said in the message);
     * {@code dryRun}: the command has a --dry-run that needs no root, offered in the message.
     */
    public static void requireRoot(Host host, String command, String changes, boolean dryRun) {
        if (host.live() && !host.privileged()) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "must run as root: disktune " + command + " " + changes + "; run it with sudo"
                    + (dryRun ? ", or add --dry-run to only see the changes" : ""));
        }
    }

    /**
     * The generator program can run: not on a --root or --sample tree (it would act on this machine),
     * installed in the host's tree, and found by the command runner.
     */
    public static void requireGenerator(Host host, RebuildTarget target) {
        String program = target.program();
        if (!host.live() && !host.commands().available(program)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "will not run " + program + " on a --root or --sample machine: it would rebuild "
                    + "this machine's initramfs, not the tree's; add --dry-run to see the changes");
        }
        if (target.generator().program() == null) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, program + " is not installed (not in /usr/bin, /usr/sbin, /bin or /sbin) "
                    + "although its configuration is; install the " + target.packageName() + " package");
        }
        if (!host.commands().available(program)) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, program + " is not on the PATH; install the " + target.packageName()
                    + " package or add " + target.generator().program().substring(0, target.generator().program().lastIndexOf('/'))
                    + " to PATH");
        }
    }

    /**
     * Every program a setting step runs (hdparm, mount) is found, so that a plan does not change half the machine and
     * roll back because hdparm is not installed.
     */
    public static void requirePrograms(Host host, org.disktune.apply.Plan plan) {
        for (org.disktune.apply.Change change : plan.changes()) {
            java.util.Optional<String> program = LiveSteps.program(change);
            if (program.isPresent() && !host.commands().available(program.get())) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, program.get() + " is not installed, and the plan runs it ("
                        + change.reason() + "); install it (apt-get install " + program.get() + "), then run again");
            }
        }
    }
}
