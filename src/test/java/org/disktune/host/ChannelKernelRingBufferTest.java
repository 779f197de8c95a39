package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /dev/kmsg through the JDK's file channel switched to non-blocking (tests run as root, with the launcher's
 * {@code --add-exports=java.base/sun.nio.ch=ALL-UNNAMED}, which surefire's argLine repeats).
 */
class ChannelKernelRingBufferTest {
    @TempDir
    Path dir;

    /** A ring buffer that must not be asked: the channel reader has to do the work itself. */
    private static final KernelRingBuffer UNUSED = new KernelRingBuffer() {
        @Override
        public Records openKmsg() {
            throw new AssertionError("fallback opened");
        }

        @Override
        public String readAll() {
            throw new AssertionError("fallback read");
        }
    };

    private static List<String> drain(KernelRingBuffer.Records r) throws KernelRingBuffer.Unavailable {
        List<String> read = new ArrayList<>();
        for (String record = r.next(); record != null; record = r.next()) {
            read.add(record);
        }
        return read;
    }

    private static Map<Long, String> bySequence(List<String> records) {
        Map<Long, String> out = new LinkedHashMap<>();
        for (String r : records) {
            int a = r.indexOf(',');
            out.put(Long.parseLong(r.substring(a + 1, r.indexOf(',', a + 1))), r);
        }
        return out;
    }

    /**
     * Two reads of the live buffer agree: each record both hold (by sequence number) is the same, and they share most
     * of them (the buffer may have rotated or grown between the reads).
     */
    private static void assertSameRecords(List<String> first, List<String> second) {
        Map<Long, String> a = bySequence(first);
        Map<Long, String> b = bySequence(second);
        int common = 0;
        for (Map.Entry<Long, String> e : a.entrySet()) {
            if (b.containsKey(e.getKey())) {
                assertEquals(e.getValue(), b.get(e.getKey()), "record " + e.getKey());
                common++;
            }
        }
        assertTrue(common > 10 && common >= a.size() / 2, "records read both ways: " + common + " of " + a.size());
    }

    @Test
    void theLaunchersExportMakesTheJdkSwitchAvailable() {
        assertTrue(ChannelKernelRingBuffer.JdkUnblocker.INSTANCE.available(),
                "sun.nio.ch.IOUtil.configureBlocking is reachable under --add-exports=java.base/sun.nio.ch=ALL-UNNAMED");
    }

    /** The same records, in the same order, as JNA's read(2) of an O_NONBLOCK descriptor; the end comes without blocking. */
    @Test
    @Tag("kmsg")
    void readsWhatJnaReadsAndStopsAtTheEndWithoutBlocking() throws Exception {
        List<String> jna;
        try (KernelRingBuffer.Records r = new JnaKernelRingBuffer().openKmsg()) {
            jna = drain(r);
        }
        List<String> channel = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try (KernelRingBuffer.Records r = new ChannelKernelRingBuffer(UNUSED).openKmsg()) {
                List<String> read = drain(r);
                assertNull(r.next(), "after the end, the next read says so again");
                return read;
            }
        });
        assertSameRecords(jna, channel);
        List<Long> sequence = new ArrayList<>(bySequence(channel).keySet());
        assertEquals(sequence.stream().sorted().toList(), sequence, "sequence numbers rise");
    }

    /** Records handed over by forEach (ASCII ones as bytes) are the records next() gives, in order. */
    @Test
    @Tag("kmsg")
    void forEachHandsOverWhatNextGives() throws Exception {
        List<String> viaNext;
        try (KernelRingBuffer.Records r = new ChannelKernelRingBuffer(UNUSED).openKmsg()) {
            viaNext = drain(r);
        }
        List<String> viaForEach = new ArrayList<>();
        int[] ascii = new int[1];
        try (KernelRingBuffer.Records r = new ChannelKernelRingBuffer(UNUSED).openKmsg()) {
            r.forEach(new KernelLogLineSink() {
                @Override
                public void line(String line) {
                    viaForEach.add(line);
                }

                @Override
                public void asciiKmsgRecord(byte[] bytes, int from, int to) {
                    ascii[0]++;
                    viaForEach.add(new String(bytes, from, to - from, StandardCharsets.US_ASCII));
                }
            });
        }
        assertSameRecords(viaNext, viaForEach);
        assertTrue(ascii[0] > 0, "ASCII records come as bytes");
    }

    /** A FIFO with a writer but nothing written: a blocking read would wait for ever; this one says "no more". */
    @Test
    void aWaitingReadEndsAtOnceAndLaterRecordsStillCome() throws Exception {
        Path fifo = dir.resolve("kmsg");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mk.waitFor());
        try (RandomAccessFile writer = new RandomAccessFile(fifo.toFile(), "rw")) { // O_RDWR: opens without a reader
            KernelRingBuffer ring = new ChannelKernelRingBuffer(fifo.toString(), ChannelKernelRingBuffer.JdkUnblocker.INSTANCE, UNUSED);
            try (KernelRingBuffer.Records r = assertTimeoutPreemptively(Duration.ofSeconds(10), ring::openKmsg)) {
                assertNull(assertTimeoutPreemptively(Duration.ofSeconds(10), r::next), "nothing written yet");
                writer.write("6,7,8,-;sd 0:0:0:0: [sda] 2048 512-byte logical blocks\n SUBSYSTEM=scsi\n".getBytes(StandardCharsets.UTF_8));
                assertEquals("6,7,8,-;sd 0:0:0:0: [sda] 2048 512-byte logical blocks", r.next(), "the record, its dictionary cut off");
                assertNull(assertTimeoutPreemptively(Duration.ofSeconds(10), r::next));
                writer.write("6,9,10,-;caf\u00e9".getBytes(StandardCharsets.UTF_8));
                assertEquals("6,9,10,-;caf\u00e9", r.next(), "UTF-8, no newline");
            }
        }
    }

    @Test
    void withoutTheJdkSwitchItAsksTheFallbackAndClosesWhatItOpened() throws Exception {
        KernelRingBuffer.Records fake = new KernelRingBuffer.Records() {
            @Override
            public String next() {
                return null;
            }

            @Override
            public void close() {
            }
        };
        List<java.io.FileDescriptor> seen = new ArrayList<>();
        KernelRingBuffer fallback = new KernelRingBuffer() {
            @Override
            public Records openKmsg() {
                return fake;
            }

            @Override
            public String readAll() {
                return "<6>[    0.000000] Linux version 6.1.0\n";
            }
        };
        Path file = Files.writeString(dir.resolve("log"), "x");
        KernelRingBuffer ring = new ChannelKernelRingBuffer(file.toString(), fd -> {
            seen.add(fd);
            return false;
        }, fallback);
        assertSame(fake, ring.openKmsg());
        assertEquals(1, seen.size());
        assertFalse(seen.get(0).valid(), "the descriptor opened for the switch is closed again");
        assertEquals("<6>[    0.000000] Linux version 6.1.0\n", ring.readAll(), "klogctl is always the fallback's");
    }

    @Test
    void aFileThatCannotBeOpenedIsUnavailableWithStrerrorsWords() {
        KernelRingBuffer ring = new ChannelKernelRingBuffer(dir.resolve("missing").toString(), ChannelKernelRingBuffer.JdkUnblocker.INSTANCE, UNUSED);
        KernelRingBuffer.Unavailable e = assertThrows(KernelRingBuffer.Unavailable.class, ring::openKmsg);
        assertEquals("/dev/kmsg: No such file or directory", e.getMessage());
    }

    @Test
    void aSwitchThatFailsIsUnavailableAndClosesTheDescriptor() throws Exception {
        Path file = Files.writeString(dir.resolve("log"), "x");
        List<java.io.FileDescriptor> seen = new ArrayList<>();
        KernelRingBuffer ring = new ChannelKernelRingBuffer(file.toString(), fd -> {
            seen.add(fd);
            throw new IOException("Bad file descriptor");
        }, UNUSED);
        KernelRingBuffer.Unavailable e = assertThrows(KernelRingBuffer.Unavailable.class, ring::openKmsg);
        assertEquals("/dev/kmsg: Bad file descriptor", e.getMessage());
        assertFalse(seen.get(0).valid());
    }

    /**
     * A read that fails every time (/proc/self/mem at offset 0 is never mapped: EIO) is retried as an overwritten
     * record would be, RETRIES times, then reported; it does not loop for ever.
     */
    @Test
    void aReadThatKeepsFailingIsReportedAfterTheRetries() throws Exception {
        KernelRingBuffer ring = new ChannelKernelRingBuffer("/proc/self/mem", ChannelKernelRingBuffer.JdkUnblocker.INSTANCE, UNUSED);
        try (KernelRingBuffer.Records r = ring.openKmsg()) {
            KernelRingBuffer.Unavailable e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(KernelRingBuffer.Unavailable.class, r::next));
            assertEquals("/dev/kmsg: Input/output error", e.getMessage());
        }
    }

    @Test
    void theReasonIsTheParenthesisOfFileInputStreamsMessage() {
        assertEquals("Operation not permitted", ChannelKernelRingBuffer.reason("/dev/kmsg (Operation not permitted)"));
        assertEquals("Permission denied", ChannelKernelRingBuffer.reason("/tmp/a (b) (Permission denied)"));
        assertEquals("odd", ChannelKernelRingBuffer.reason("odd"));
        assertEquals("cannot open", ChannelKernelRingBuffer.reason(null));
    }
}
