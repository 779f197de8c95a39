package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** detect's SIZE column: the same text String.format gave before it was written without a Formatter. */
class DetectRendererSizeTest {
    /** The former implementation, kept as the reference. */
    private static String formatted(long bytes) {
        String[] units = {"B", "K", "M", "G", "T", "P"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        if (unit == 0) {
            return bytes + "B";
        }
        return (value < 10 && value != Math.floor(value) ? String.format(Locale.ROOT, "%.1f", value)
                : String.format(Locale.ROOT, "%.0f", value)) + units[unit];
    }

    @Test
    void knownSizes() {
        assertNull(DetectRenderer.size(null));
        assertEquals("0B", DetectRenderer.size(0L));
        assertEquals("1023B", DetectRenderer.size(1023L));
        assertEquals("1K", DetectRenderer.size(1024L));
        assertEquals("1.5K", DetectRenderer.size(1536L));
        assertEquals("466G", DetectRenderer.size(500_107_862_016L)); // a 500 GB disk
        assertEquals("7.3T", DetectRenderer.size(8_001_563_222_016L));
        assertEquals("2.3K", DetectRenderer.size(2355L)); // 2.2998... rounds up
        assertEquals("8192P", DetectRenderer.size(Long.MAX_VALUE));
    }

    @Test
    void sameTextAsStringFormatOnHalfwayAndRandomSizes() {
        SplittableRandom random = new SplittableRandom(13);
        for (int i = 0; i < 200_000; i++) {
            long bytes = switch (i % 4) {
                case 0 -> random.nextLong(1L << 20);
                case 1 -> random.nextLong(1L << 44);
                case 2 -> random.nextLong(Long.MAX_VALUE);
                default -> (long) ((random.nextInt(10_240) + 0.5) / 10 * (1L << (10 * (1 + random.nextInt(5))))); // x.x5 halfway
            };
            assertEquals(formatted(bytes), DetectRenderer.size(bytes), "size of " + bytes);
        }
    }
}
