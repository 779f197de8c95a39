package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** KernelRelease's version regex on real and malformed kernel releases. */
class KernelVersionParseTest {
    @Test
    void readsTheVersionAtTheStartOfARelease() {
        assertArrayEquals(new String[] {"6", "1", "0"}, KernelRelease.version("6.1.0-57-amd64"));
        assertArrayEquals(new String[] {"2", "6", "18"}, KernelRelease.version("2.6.18-8.el5"));
        assertArrayEquals(new String[] {"2", "6", "32"}, KernelRelease.version("2.6.32-71.el6.x86_64"));
        assertArrayEquals(new String[] {"5", "10", null}, KernelRelease.version("5.10"));
        assertArrayEquals(new String[] {"4", "19", "0"}, KernelRelease.version("4.19.0"));
        assertArrayEquals(new String[] {"10", "0", null}, KernelRelease.version("10.0.a"));
    }

    @Test
    void aReleaseThatDoesNotStartWithAVersionHasNone() {
        for (String release : new String[] {"", "3.", ".1.2", "1..2", "x5.10", " 5.10", "\u0660.1.2", "5.\u0661"}) {
            assertNull(KernelRelease.version(release), release);
        }
    }

    @Test
    void comparesOnlyAKnownVersion() {
        assertTrue(KernelRelease.before("2.6.18-8.el5", 2, 6, 20));
        assertFalse(KernelRelease.before("2.6.20", 2, 6, 20));
        assertTrue(KernelRelease.before("3.10", 4, 0, 0));
        assertFalse(KernelRelease.before("6.1.0-57-amd64", 4, 0, 0));
        assertFalse(KernelRelease.before(null, 4, 0, 0));
        assertFalse(KernelRelease.before("unknown", 4, 0, 0));
    }
}
