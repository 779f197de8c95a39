package org.disktune.apply;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.Sha256;
import org.disktune.host.Host;

/**
 * What the machine holds now, as apply, undo and rollback read it: a file's hash or bytes, a sysfs attribute's value,
 * the directories a write would create. A read that fails is an ENVIRONMENT error of one line naming the path.
 */
final class MachineState {
    private MachineState() {
    }

    /** The sha256 of the file at {@code path}; null when there is none. */
    static String sha(Host host, String path) {
        try {
            Path file = host.path(path);
            if (!Files.exists(file)) {
                return null;
            }
            try (InputStream in = host.newInputStream(file)) {
                return Sha256.of(in);
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + path + ": " + oneLine(e), e);
        }
    }

    /** The bytes of the file at {@code path}; null when there is none. A directory there is refused. */
    static byte[] bytes(Host host, String path) {
        Path file = host.path(path);
        try {
            if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, path + " is a directory; cannot put a file back there");
            }
            return Files.exists(file) ? host.readAllBytes(file) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + path + ": " + oneLine(e), e);
        }
    }

    /** The value of the sysfs attribute at {@code path}. */
    static String attribute(Host host, String path) {
        try {
            return host.readAttribute(path);
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + path + ": " + oneLine(e)
                    + "; check that the device is still there and run again", e);
        }
    }

    /** The readahead of the block device {@code device} (kernel name) in KiB, through BLKRAGET. */
    static long readAheadKib(Host host, String device) {
        return host.blockDevices().readAheadSectors(device) / 2;
    }

    /** The directories above {@code path} that do not exist, outermost first: those a write of it creates. */
    static List<String> missingDirectories(Host host, String path) {
        List<String> missing = new ArrayList<>();
        for (String dir = parentOf(path); !dir.isEmpty() && !Files.exists(host.path(dir)); dir = parentOf(dir)) {
            missing.add(0, dir);
        }
        return missing;
    }

    static String parentOf(String path) {
        return path.substring(0, path.lastIndexOf('/'));
    }

    /** The first line of what went wrong, naming the file for the common I/O errors. */
    static String oneLine(Throwable e) {
        if (e instanceof java.nio.file.NoSuchFileException n) {
            return "no such file " + n.getFile();
        }
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        String message = e.getMessage();
        String text = message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
        return text.lines().findFirst().orElse(text);
    }

    /** "a", "a and b", "a, b and c". */
    static String joinWords(List<String> words) {
        if (words.size() == 1) {
            return words.get(0);
        }
        return String.join(", ", words.subList(0, words.size() - 1)) + " and " + words.get(words.size() - 1);
    }
}
