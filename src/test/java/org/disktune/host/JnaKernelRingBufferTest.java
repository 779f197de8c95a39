package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The live kernel log of this machine, read through libc (tests run as root: /dev/kmsg and klogctl are readable). */
@Tag("kmsg")
class JnaKernelRingBufferTest {
    /** /dev/kmsg's record prefix (Documentation/ABI/testing/dev-kmsg): priority, sequence, microseconds, flags. */
    private static final Pattern RECORD = Pattern.compile("(\\d+),(\\d+),(\\d+),[^;]*;.*");

    @Test
    void readsEveryRecordOnceInOrderAndStopsAtTheEndWithoutBlocking() throws Exception {
        List<String> records = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            List<String> read = new ArrayList<>();
            try (KernelRingBuffer.Records r = new JnaKernelRingBuffer().openKmsg()) {
                for (String record = r.next(); record != null; record = r.next()) {
                    read.add(record);
                }
                assertNull(r.next(), "after the end, the next read says so again");
            }
            return read;
        });
        assertFalse(records.isEmpty(), "a running kernel has logged something");
        long previous = -1;
        for (String record : records) {
            Matcher m = RECORD.matcher(record);
            assertTrue(m.matches(), "a /dev/kmsg record: " + record);
            assertFalse(record.contains("\n"), "one line per record, continuation lines dropped: " + record);
            long sequence = Long.parseLong(m.group(2));
            assertTrue(sequence > previous, "sequence numbers rise: " + sequence + " after " + previous);
            previous = sequence;
        }
    }

    @Test
    void klogctlReadsTheSameLogAsText() throws Exception {
        String last;
        try (KernelRingBuffer.Records r = new JnaKernelRingBuffer().openKmsg()) {
            String record = r.next();
            String previous = null;
            while (record != null) {
                previous = record;
                record = r.next();
            }
            last = previous;
        }
        String all = new JnaKernelRingBuffer().readAll(); // after: it holds at least what /dev/kmsg gave
        assertFalse(all.isEmpty());
        String text = last.substring(last.indexOf(';') + 1);
        assertTrue(all.contains(text), "klogctl's buffer holds the last /dev/kmsg record's text: " + text);
        assertEquals(all.strip(), all.strip().replace("\u0000", ""), "no NUL padding in the text");
    }
}
