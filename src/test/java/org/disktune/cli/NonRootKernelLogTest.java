package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kernel-log as an unprivileged user (uid 65534, child JVM): a file never needs root; the live log falls back from
 * /dev/kmsg to klogctl and journalctl and says which it used, or names every source it tried.
 */
class NonRootKernelLogTest {
    @TempDir
    Path tmp;

    private UnprivilegedJvm.Result runUnprivileged(String... args) throws Exception {
        return UnprivilegedJvm.run(tmp, args);
    }

    @Test
    void aFileNeedsNoRootAndTheLiveLogFallsBackAndSaysSo() throws Exception {
        Path log = Files.writeString(tmp.resolve("dmesg.txt"), "[    0.000000] Linux version 6.1.0-57-amd64 (x@y) #1 SMP\n"
                + "[    1.200000] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32), AA\n");
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r--r--"));
        UnprivilegedJvm.Result file = runUnprivileged("kernel-log", log.toString());
        assertEquals(0, file.code(), file.err());
        assertTrue(file.out().lines().anyMatch(l -> l.matches("ata1\\.00 .* 1465149168 +LBA48 +depth 32, AA.*")), file.out());

        UnprivilegedJvm.Result live = runUnprivileged("kernel-log");
        System.out.println("NonRootKernelLogTest: the live log as an unprivileged user "
                + (live.code() == 0 ? "was read (a fallback source, or /dev/kmsg readable without root)" : "was refused (exit " + live.code() + ")"));
        if (live.code() == 0) {
            assertTrue(live.out().contains("note: /dev/kmsg") || live.out().startsWith("Kernel log /dev/kmsg"), live.out());
        } else {
            assertEquals(4, live.code(), live.err());
            assertEquals(1, live.err().lines().count(), live.err());
            assertTrue(live.err().startsWith("disktune: cannot read the kernel log (/dev/kmsg: "), live.err());
            assertTrue(live.err().contains("klogctl: ") && live.err().contains("journalctl"), live.err());
            assertTrue(live.err().strip().endsWith("; run as root or pass --kernel-log FILE"), live.err());
        }
    }
}
