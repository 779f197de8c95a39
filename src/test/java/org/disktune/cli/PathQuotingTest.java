package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Errors quote a path argument exactly as the user typed it: not its file name, not made absolute. */
class PathQuotingTest {
    @TempDir
    Path root;

    private static String error(String... args) {
        CliRun run = CliRun.run(args);
        assertEquals("", run.out());
        assertEquals(1, run.err().lines().count(), run.err());
        return run.err().strip();
    }

    @Test
    void initramfsCommandsQuoteTheImageAsTyped() throws IOException {
        assertEquals("disktune: /nonexistent: no such image file; give the path of an initramfs image", error("initramfs", "list", "/nonexistent"));
        assertEquals("disktune: ./nope//x.img: no such image file; give the path of an initramfs image", error("initramfs", "cat", "./nope//x.img", "init"));
        Files.createDirectories(root.resolve("etc"));
        assertEquals("disktune: boot/initrd.img: no such image file; give the path of an initramfs image",
                error("--root", root.toString(), "initramfs", "list", "boot/initrd.img"));
        assertEquals("disktune: /boot/initrd.img: no such image file; give the path of an initramfs image",
                error("--root", root.toString(), "initramfs", "list", "/boot/initrd.img"));
        assertEquals("disktune: /boot/initrd.img: no such image file; give the path of an initramfs image",
                error("--sample", "seed-nforce4-arch", "initramfs", "list", "/boot/initrd.img"));
    }

    @Test
    void kernelLogFilesAreQuotedAsTyped() {
        assertEquals("disktune: kernel log ./nope.log does not exist; give a saved dmesg, journalctl or syslog file", error("kernel-log", "./nope.log"));
        assertEquals("disktune: kernel log logs/../nope.log does not exist; give a saved dmesg, journalctl or syslog file",
                error("--kernel-log", "logs/../nope.log", "kernel-log"));
    }

    @Test
    void configAndPrometheusFilesAreQuotedAsTyped() throws IOException {
        assertTrue(error("--config", "./nope.conf", "config", "check").startsWith("disktune: ./nope.conf does not exist"));
        Path config = Files.writeString(root.resolve("empty.conf"), "");
        CliRun run = CliRun.run("--sample", "seed-nforce4-arch", "--config", config.toString(), "verify",
                "--prometheus", "./no-such-dir/disktune.prom");
        assertTrue(run.err().contains("--prometheus ./no-such-dir/disktune.prom: no directory ./no-such-dir "), run.err());
    }
}
