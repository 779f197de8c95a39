package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;

import com.sun.jna.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Directories and files disktune creates under a root get their modes whatever the caller's umask. */
class ExplicitModesTest {
    interface Umask extends Library {
        int umask(int mask);
    }

    @TempDir
    Path root;

    private String mode(String machinePath) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve(machinePath.substring(1))));
    }

    @Test
    void umask000GivesStateDirectories0700SystemDirectories0755AndFiles0644() throws IOException {
        AtomicFileWriter writer = new RootedHost(root, new RecordingCommandRunner(), new FileKernelLog(root), Clock.systemUTC(), true).files();
        Umask libc = Jna.load("c", Umask.class);
        int before = libc.umask(0);
        try {
            byte[] bytes = "x\n".getBytes(StandardCharsets.US_ASCII);
            writer.write(root.resolve("var/lib/disktune/journal/e.json"), bytes, true);
            writer.write(root.resolve("var/lib/disktune/backups/e/etc/modprobe.d/other.conf"), bytes, true);
            writer.write(root.resolve("etc/udev/rules.d/60-disktune.rules"), bytes, true);
            writer.write(root.resolve("etc/systemd/system/disktune.service"), bytes, true);
        } finally {
            libc.umask(before);
        }
        for (String state : new String[] {"/var/lib/disktune", "/var/lib/disktune/journal", "/var/lib/disktune/backups",
                "/var/lib/disktune/backups/e/etc/modprobe.d"}) {
            assertEquals("rwx------", mode(state), state);
        }
        for (String system : new String[] {"/etc", "/etc/udev/rules.d", "/etc/systemd/system", "/var/lib"}) {
            assertEquals("rwxr-xr-x", mode(system), system);
        }
        assertEquals("rw-r--r--", mode("/etc/udev/rules.d/60-disktune.rules"));
        assertEquals("rw-r--r--", mode("/var/lib/disktune/journal/e.json"));
    }
}
