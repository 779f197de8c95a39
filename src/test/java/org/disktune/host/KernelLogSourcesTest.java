package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelLogSourcesTest {
    private static final String VERSION = "Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP";

    @TempDir
    Path dir;

    private static List<String> readAll(KernelLogReader reader) throws IOException {
        List<String> lines = new ArrayList<>();
        try (reader) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
            }
        }
        return lines;
    }

    @Test
    void textReaderSplitsLfCrlfAndLoneCrAndCutsLongLines() throws IOException {
        String longLine = "x".repeat(TextKernelLogReader.MAX_LINE + 5000);
        List<String> lines = readAll(TextKernelLogReader.of("t", List.of(), "a\r\nb\rc\n\n" + longLine + "\nd"));
        assertEquals(List.of("a", "b", "c", "", "x".repeat(TextKernelLogReader.MAX_LINE), "d"), lines);
    }

    @Test
    void fileKernelLogReadsPlainAndGzip() throws IOException {
        Path plain = Files.writeString(dir.resolve("kern.log"), "[    0.000000] " + VERSION + "\r\nata1.00: x\r\n");
        assertEquals(List.of("[    0.000000] " + VERSION, "ata1.00: x"), readAll(new FileKernelLog(plain).open()));
        Path gz = dir.resolve("kern.log.2.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(("Nov 30 11:00:00 host kernel: " + VERSION + "\n").getBytes(StandardCharsets.UTF_8));
        }
        KernelLogReader reader = new FileKernelLog(gz).open();
        assertEquals(List.of("read gz-compressed kern.log.2.gz"), reader.notes());
        assertEquals(List.of("Nov 30 11:00:00 host kernel: " + VERSION), readAll(reader));
    }

    @Test
    void missingFileIsAUsageError() {
        DisktuneException e = assertThrows(DisktuneException.class, () -> new FileKernelLog(dir.resolve("nope.log")).open());
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains("nope.log does not exist"), e.getMessage());
    }

    @Test
    void truncatedGzipIsReportedAsDamaged() throws IOException {
        Path gz = dir.resolve("cut.gz");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(("ata1.00: x\n".repeat(10_000)).getBytes(StandardCharsets.UTF_8));
        }
        byte[] all = bytes.toByteArray();
        Files.write(gz, java.util.Arrays.copyOf(all, all.length / 2));
        DisktuneException e = assertThrows(DisktuneException.class, () -> readAll(new FileKernelLog(gz).open()));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains("is damaged"), e.getMessage());
    }

    /** A ring buffer that answers from lists, or refuses with a reason. */
    private static final class FakeRing implements KernelRingBuffer {
        final List<String> kmsg;
        final String klog;

        FakeRing(List<String> kmsg, String klog) {
            this.kmsg = kmsg;
            this.klog = klog;
        }

        @Override
        public Records openKmsg() throws Unavailable {
            if (kmsg == null) {
                throw new Unavailable("/dev/kmsg: Operation not permitted");
            }
            Deque<String> left = new ArrayDeque<>(kmsg);
            return new Records() {
                @Override
                public String next() {
                    return left.pollFirst();
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public String readAll() throws Unavailable {
            if (klog == null) {
                throw new Unavailable("klogctl: Operation not permitted");
            }
            return klog;
        }
    }

    /** A runner that knows journalctl (or not) and answers with fixed output, recording calls. */
    private static final class FakeRunner implements CommandRunner {
        final boolean hasJournal;
        final CommandResult answer;
        final List<List<String>> calls = new ArrayList<>();

        FakeRunner(boolean hasJournal, int exit, String stdout, String stderr) {
            this.hasJournal = hasJournal;
            this.answer = new CommandResult(LiveKernelLog.JOURNAL_ARGV, exit, stdout, stderr);
        }

        @Override
        public CommandResult run(List<String> argv, Duration timeout) {
            calls.add(argv);
            return answer;
        }

        @Override
        public boolean available(String program) {
            return hasJournal && program.equals("journalctl");
        }
    }

    private static final String JOURNAL = "[    0.000000] host kernel: " + VERSION + "\n[    4.1] host kernel: ata1.00: x\n";

    @Test
    void kmsgWithTheBootIsReadFromTheFirstRecord() throws IOException {
        FakeRunner runner = new FakeRunner(true, 0, JOURNAL, "");
        KernelLogReader r = new LiveKernelLog(runner, new FakeRing(List.of("5,0,0,-;" + VERSION, "6,1,5,-;ata1.00: y"), null)).open();
        assertEquals("/dev/kmsg", r.source());
        assertEquals(List.of(), r.notes());
        assertEquals(List.of("5,0,0,-;" + VERSION, "6,1,5,-;ata1.00: y"), readAll(r));
        assertEquals(List.of(), runner.calls);
    }

    @Test
    void rotatedKmsgFallsBackToTheJournal() throws IOException {
        FakeRunner runner = new FakeRunner(true, 0, JOURNAL, "");
        KernelLogReader r = new LiveKernelLog(runner, new FakeRing(List.of("6,900,9000000,-;usb 1-1: new device"), null)).open();
        assertEquals("journalctl -k -b", r.source());
        assertEquals(List.of("/dev/kmsg holds no 'Linux version' record: the ring buffer has rotated past the boot; used journalctl -k -b"), r.notes());
        assertEquals(2, readAll(r).size());
        assertEquals(List.of(List.of("journalctl", "-k", "-b", "-o", "short-monotonic", "--no-pager")), runner.calls);
    }

    @Test
    void rotatedKmsgWithoutJournalKeepsWhatTheBufferHas() throws IOException {
        KernelLogReader r = new LiveKernelLog(new FakeRunner(false, 0, "", ""), new FakeRing(List.of("6,900,9000000,-;usb 1-1: new device"), null)).open();
        assertEquals("/dev/kmsg", r.source());
        assertEquals(List.of("/dev/kmsg holds no 'Linux version' record: the ring buffer has rotated past the boot; journalctl not found (no systemd journal); early probe lines may be missing"), r.notes());
        assertEquals(List.of("6,900,9000000,-;usb 1-1: new device"), readAll(r));
    }

    @Test
    void unreadableKmsgFallsBackToKlogctl() throws IOException {
        KernelLogReader r = new LiveKernelLog(new FakeRunner(true, 0, JOURNAL, ""), new FakeRing(null, "<5>[    0.000000] " + VERSION + "\n")).open();
        assertEquals("klogctl", r.source());
        assertEquals(List.of("/dev/kmsg: Operation not permitted; read the buffer with klogctl"), r.notes());
        assertEquals(List.of("<5>[    0.000000] " + VERSION), readAll(r));
    }

    @Test
    void restrictedDmesgUsesTheJournal() throws IOException {
        KernelLogReader r = new LiveKernelLog(new FakeRunner(true, 0, JOURNAL, ""), new FakeRing(null, null)).open();
        assertEquals("journalctl -k -b", r.source());
        assertEquals(List.of("/dev/kmsg: Operation not permitted; klogctl: Operation not permitted; used journalctl -k -b"), r.notes());
    }

    @Test
    void nothingReadableNamesEverySourceTried() {
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> new LiveKernelLog(new FakeRunner(true, 1, "", "Hint: You are currently not seeing messages from other users and the system.\nmore"),
                        new FakeRing(null, null)).open());
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("cannot read the kernel log (/dev/kmsg: Operation not permitted; klogctl: Operation not permitted; "
                + "journalctl -k -b failed with exit code 1: Hint: You are currently not seeing messages from other users and the system.); "
                + "run as root or pass --kernel-log FILE", e.getMessage());
    }

    /** This machine's own ring buffer (root, virtio disk, no ATA): records come back without blocking. */
    @Test
    @Tag("kmsg")
    void liveKmsgOnThisMachine() throws IOException {
        System.out.println("KernelLogSourcesTest.liveKmsgOnThisMachine: /dev/kmsg " + (Files.isReadable(Path.of("/dev/kmsg")) ? "readable"
                : "not readable: skipped"));
        Assumptions.assumeTrue(Files.isReadable(Path.of("/dev/kmsg")), "/dev/kmsg not readable here");
        KernelLogReader r = new LiveKernelLog(new ProcessCommandRunner()).open();
        List<String> lines = readAll(r);
        assertTrue(lines.size() > 10, "records: " + lines.size());
        boolean hasVersion = lines.stream().anyMatch(l -> l.substring(l.indexOf(';') + 1).startsWith("Linux version "));
        System.out.println("KernelLogSourcesTest.liveKmsgOnThisMachine: source " + r.source() + (r.notes().isEmpty() ? ", no fallback"
                : ", notes " + r.notes()));
        if (r.source().equals("/dev/kmsg") && r.notes().isEmpty()) {
            assertTrue(hasVersion, "a /dev/kmsg read without notes must reach back to the boot");
            assertTrue(lines.get(0).matches("\\d+,\\d+,\\d+,.*;.*"), lines.get(0));
        } else {
            assertTrue(!r.notes().isEmpty(), "a fallback is always explained");
        }
        assertNull(r.readLine());
    }
}
