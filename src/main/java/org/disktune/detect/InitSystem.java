package org.disktune.detect;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

import org.disktune.host.Host;

/**
 * The init system that boots the machine, as far as its files tell, and the file that told: what can carry a
 * setting across reboots depends on it (a udev rule's {@code RUN} of {@code systemd-run} needs systemd; without it
 * the sysvinit {@code rc.local} runs at the end of boot).
 * <ul>
 * <li>{@code systemd}: {@code /run/systemd/system} on the running machine (sd_booted(3)), {@code /sbin/init} linking
 * to systemd, or systemd's own binary in the tree;</li>
 * <li>{@code sysvinit}: none of those, and {@code /etc/inittab} or an {@code rc.local} (sysvinit, and the upstart of
 * RHEL 6, which runs {@code /etc/rc.d/rc.local} too);</li>
 * <li>{@code unknown}: a tree (or sample) with neither, such as a sysfs snapshot.</li>
 * </ul>
 */
public record InitSystem(Kind kind, String evidence) {
    public enum Kind {
        SYSTEMD, SYSVINIT, UNKNOWN;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public static final InitSystem UNKNOWN = new InitSystem(Kind.UNKNOWN, "no systemd, /etc/inittab or rc.local in this tree");

    private static final List<String> SYSTEMD_BINARIES = List.of("/lib/systemd/systemd", "/usr/lib/systemd/systemd");
    /** rc.d first: on Red Hat systems /etc/rc.local is a link to it. */
    private static final List<String> SYSVINIT_FILES = List.of("/etc/inittab", "/etc/rc.d/rc.local", "/etc/rc.local");

    public boolean systemd() {
        return kind == Kind.SYSTEMD;
    }

    /** What {@code detect} prints: {@code systemd (/run/systemd/system)}. */
    public String describe() {
        return kind.word() + " (" + evidence + ")";
    }

    public static InitSystem detect(Host host) {
        if (host.live() && Files.isDirectory(host.path("/run/systemd/system"))) {
            return new InitSystem(Kind.SYSTEMD, "/run/systemd/system: systemd is running");
        }
        Path init = host.node("/sbin/init");
        if (Files.isSymbolicLink(init)) {
            try {
                String target = Files.readSymbolicLink(init).toString();
                if (target.contains("systemd")) {
                    return new InitSystem(Kind.SYSTEMD, "/sbin/init -> " + target);
                }
            } catch (java.io.IOException e) {
                // unreadable link: decide by the other files
            }
        }
        if (!host.live()) { // a running machine without /run/systemd/system is not run by systemd, whatever it has installed
            for (String binary : SYSTEMD_BINARIES) {
                if (Files.exists(host.path(binary))) {
                    return new InitSystem(Kind.SYSTEMD, binary);
                }
            }
        }
        for (String file : SYSVINIT_FILES) {
            if (Files.exists(host.node(file), LinkOption.NOFOLLOW_LINKS)) {
                return new InitSystem(Kind.SYSVINIT, file + ", no systemd");
            }
        }
        return UNKNOWN;
    }
}
