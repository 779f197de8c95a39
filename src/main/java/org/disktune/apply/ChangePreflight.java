package org.disktune.apply;

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
}
