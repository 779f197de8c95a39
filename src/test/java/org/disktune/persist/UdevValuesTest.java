package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The udev generator's value checks on real values and on the edges the character loops they replaced were tested on. */
class UdevValuesTest {
    @Test
    void lowerHexOfExactlyTheLength() {
        assertTrue(UdevValues.isLowerHex("50014ee2b3c4d5e6", 16));
        assertTrue(UdevValues.isLowerHex("6001405a1b2c3d4e5f60718293a4b5c6", 32));
        assertFalse(UdevValues.isLowerHex("50014ee2b3c4d5e6", 32));
        assertFalse(UdevValues.isLowerHex("50014EE2B3C4D5E6", 16), "upper case");
        assertFalse(UdevValues.isLowerHex("50014ee2b3c4d5g6", 16));
        assertFalse(UdevValues.isLowerHex("50014ee2b3c4d5e\u0660", 16), "a digit that is not ASCII");
        assertFalse(UdevValues.isLowerHex("50014ee2b3c4d5e6\n", 16));
        assertFalse(UdevValues.isLowerHex("", 16));
    }

    @Test
    void mdLabelIsAKernelArrayName() {
        for (String name : new String[] {"md0", "md127", "md_home", "mdraid1"}) {
            assertTrue(UdevRulesGenerator.isMdLabel(name), name);
        }
        for (String name : new String[] {"", "md", "md-0", "mdA", "dm0", "md0\n", " md0", "md\u0660", "md/0"}) {
            assertFalse(UdevRulesGenerator.isMdLabel(name), name);
        }
    }

    @Test
    void blankRunsBecomeOneUnderscore() {
        assertEquals("WDC_WD10EZEX-08WN4A0", UdevValues.collapseBlanks("WDC WD10EZEX-08WN4A0"));
        assertEquals("a_b_c_", UdevValues.collapseBlanks("a \t b\n\u000b\f\rc "));
        assertEquals("a\u00a0b\u2003c\u0085d", UdevValues.collapseBlanks("a\u00a0b\u2003c\u0085d"), "only ASCII blanks");
        assertEquals("", UdevValues.collapseBlanks(""));
        assertEquals("WDC_WD10EZEX", UdevValues.replaceWhitespace("  WDC   WD10EZEX  "));
    }
}
