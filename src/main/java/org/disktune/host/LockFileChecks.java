package org.disktune.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * What makes the lock file of {@link HostLock} root's alone: a directory only its owner can enter and a file only
 * its owner can open, neither a link. A directory or file that another user owns or can write, or a lock file with a
 * second hard link, is refused naming it: locking or writing through it would let that user block every run or have
 * root write a pid into a file outside.
 */
final class LockFileChecks {
    static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");
    private static final int GROUP_OR_OTHER = 077;

    private LockFileChecks() {
    }

    /** Creates {@code directory} 0700 when missing (its parents as usual), else checks that it is one only {@code uid} can enter. */
    static void directory(Path directory, String shownFile, int uid) throws IOException {
        Files.createDirectories(directory.getParent());
        try {
            Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
            // the umask may have taken bits away; the mode is the one asked for, not the caller's
            Files.setPosixFilePermissions(directory, OWNER_ONLY_DIRECTORY);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // checked below
        }
        Map<String, Object> a = Files.readAttributes(directory, "unix:mode,uid", LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) a.get("mode");
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS) || (Integer) a.get("uid") != uid || (mode & GROUP_OR_OTHER) != 0) {
            throw refused(parentOf(shownFile) + " is not a directory that only root can open (mode 0700, owned by root)",
                    "remove " + parentOf(shownFile) + " and run again");
        }
    }

    /** Checks the opened lock file: a regular file (not a link), owned by {@code uid}, with one link; makes it 0600. */
    static void file(Path file, String shownFile, int uid) throws IOException {
        Map<String, Object> a;
        try {
            a = Files.readAttributes(file, "unix:nlink,uid", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw refused(shownFile + " was removed while it was opened", "run again");
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || (Integer) a.get("uid") != uid || (Integer) a.get("nlink") != 1) {
            throw refused(shownFile + " is not a regular file owned by root with one link (through a hard link the pid would be written "
                    + "into another file)", "remove " + shownFile + " and run again");
        }
        Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
    }

    private static String parentOf(String shownFile) {
        return shownFile.substring(0, Math.max(1, shownFile.lastIndexOf('/')));
    }

    private static DisktuneException refused(String what, String fix) {
        return new DisktuneException(ExitCode.ENVIRONMENT, "cannot take the lock: " + what + "; " + fix);
    }
}
