package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kernel-log as an unprivileged user (uid 65534, child JVM): a file never needs root; the live log falls back from
 * /dev/kmsg to klogctl and journalctl and says which it used, or names every source it tried.
 */
class NonRootKernelLogTest {
    @TempDir
    Path tmp;

    private record Result(int code, String out, String err) {
    }

    private Result runUnprivileged(String... args) throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> command = new ArrayList<>();
        String classpath = System.getProperty("java.class.path");
        if (root) {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            List<String> copied = new ArrayList<>();
            int i = 0;
            for (String entry : classpath.split(File.pathSeparator)) {
                Path source = Path.of(entry);
                if (Files.exists(source)) {
                    Path target = tmp.resolve("cp" + i++);
                    copyTree(source, target);
                    copied.add(target.toString());
                }
            }
            classpath = String.join(File.pathSeparator, copied);
            command.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath, "org.disktune.cli.Main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(tmp.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Result(p.exitValue(), out, err);
    }

    @Test
    void aFileNeedsNoRootAndTheLiveLogFallsBackAndSaysSo() throws Exception {
        Path log = Files.writeString(tmp.resolve("dmesg.txt"), "[    0.000000] Linux version 6.1.0-57-amd64 (x@y) #1 SMP\n"
                + "[    1.200000] ata1.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32), AA\n");
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r--r--"));
        Result file = runUnprivileged("kernel-log", log.toString());
        assertEquals(0, file.code(), file.err());
        assertTrue(file.out().lines().anyMatch(l -> l.matches("ata1\\.00 .* 1465149168 +LBA48 +depth 32, AA.*")), file.out());

        Result live = runUnprivileged("kernel-log");
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

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = target.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.createDirectories(t.getParent());
                    Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }
}
