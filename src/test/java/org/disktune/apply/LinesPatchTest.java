package org.disktune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

import com.github.difflib.patch.PatchFailedException;
import org.junit.jupiter.api.Test;

/** The plan's diffs: the work (line comparisons) grows linearly with the lines, and the patch is right. */
class LinesPatchTest {
    private static List<String> rules(int n, String value) {
        return IntStream.range(0, n).mapToObj(i -> "ENV{ID_SERIAL_SHORT}==\"SERIAL" + i + "\", ATTR{queue/read_ahead_kb}=\"" + value + "\"")
                .toList();
    }

    private static long comparisons(List<String> from, List<String> to) {
        AtomicLong count = new AtomicLong();
        LinesPatch.of(from, to, (a, b) -> {
            count.incrementAndGet();
            return a.equals(b);
        });
        return count.get();
    }

    /** For each way a plan's file changes with N sections: the comparisons at 2N are at most about twice those at N. */
    @Test
    void comparisonsGrowLinearly() {
        List<IntFunction<long[]>> cases = List.of(
                n -> new long[] {comparisons(List.of(), rules(n, "1024"))},
                n -> new long[] {comparisons(List.of("# old", "ENV{X}==\"1\""), rules(n, "1024"))},
                n -> new long[] {comparisons(rules(n, "512"), rules(n, "1024"))},
                n -> new long[] {comparisons(rules(n, "1024"), List.of())});
        for (IntFunction<long[]> c : cases) {
            long n = c.apply(4_000)[0];
            long twice = c.apply(8_000)[0];
            assertTrue(twice <= 2 * n + 100, "comparisons for 4,000 lines: " + n + ", for 8,000: " + twice);
        }
    }

    @Test
    void thePatchTurnsOneListIntoTheOther() throws PatchFailedException {
        Random random = new Random(30);
        for (int round = 0; round < 200; round++) {
            List<String> from = new ArrayList<>();
            int size = random.nextInt(round < 100 ? 30 : 3_000);
            for (int i = 0; i < size; i++) {
                from.add("line " + random.nextInt(10));
            }
            List<String> to = new ArrayList<>(from);
            for (int edits = random.nextInt(8); edits > 0; edits--) {
                int at = to.isEmpty() ? 0 : random.nextInt(to.size());
                switch (random.nextInt(3)) {
                    case 0 -> to.add(at, "new " + random.nextInt(10));
                    case 1 -> { if (!to.isEmpty()) to.remove(at); }
                    default -> { if (!to.isEmpty()) to.set(at, "changed " + random.nextInt(10)); }
                }
            }
            assertEquals(to, LinesPatch.of(from, to, String::equals).applyTo(from), "round " + round);
        }
    }
}
