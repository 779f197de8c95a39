package org.disktune.host;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * Whether a file of disktune's own state (a journal entry, a backup, and each directory above it up to
 * {@value #STATE}) can be trusted: it must be owned by root (or by the user disktune runs as, who is root wherever
 * disktune changes a machine) and not be writable by group or others; where one is a link inside the tree, what it
 * leads to.
 * Anyone else who could write it could make root restore any bytes anywhere; such a file is refused, named, with
 * exit 4, before anything is restored. Trees on another file system than the default one (Jimfs samples) have no
 * owners to check.
 */
final class TrustedState {
    static final String STATE = "/var/lib/disktune";
    private static final Set<PosixFilePermission> OTHERS_WRITE = Set.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);

    private TrustedState() {
    }

    private static final class Self {
        static final int UID = uid();

        private static int uid() {
            try {
                return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            } catch (IOException | UnsupportedOperationException e) {
                return 0;
            }
        }
    }

    static void require(Host host, String machinePath, String what) {
        if (!host.root().getFileSystem().equals(FileSystems.getDefault())) {
            return;
        }
        for (String p = machinePath; p.startsWith(STATE); p = p.substring(0, Math.max(p.lastIndexOf('/'), 0))) {
            Path node = host.path(p); // what a link inside the tree leads to is what is read
            try {
                int uid = (Integer) Files.getAttribute(node, "unix:uid", LinkOption.NOFOLLOW_LINKS);
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(node, LinkOption.NOFOLLOW_LINKS);
                if (uid != 0 && uid != Self.UID) {
                    throw refused(what, machinePath, p + " is owned by uid " + uid + ", not root");
                }
                if (mode.stream().anyMatch(OTHERS_WRITE::contains)) {
                    throw refused(what, machinePath, p + " is writable by group or others");
                }
            } catch (NoSuchFileException e) {
                // a missing file is the caller's to report (a missing backup, no journal)
            } catch (IOException | UnsupportedOperationException e) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot check the owner of " + p + ": " + IoFailures.describe(e), e);
            }
            if (p.equals(STATE)) {
                break;
            }
        }
    }

    static boolean ownedByRoot(Host host, String machinePath) {
        if (!host.root().getFileSystem().equals(FileSystems.getDefault())) {
            return true;
        }
        try {
            int uid = (Integer) Files.getAttribute(host.node(machinePath), "unix:uid", LinkOption.NOFOLLOW_LINKS);
            return uid == 0 || uid == Self.UID;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static DisktuneException refused(String what, String machinePath, String why) {
        return new DisktuneException(ExitCode.ENVIRONMENT, what + " " + machinePath + " is not trusted: " + why
                + "; nothing is restored from state another user could write; check it, then chown root and chmod go-w, or move it away");
    }
}
