package org.disktune.modprobe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * OptionValidator's name and port-id regexes and DisktuneModprobeFile's word split, on real values and on the
 * characters the character loops they replaced were compared on: neighbours in ASCII and look-alikes outside it
 * (Arabic and full-width digits, the Kelvin sign, dotted I).
 */
class OptionPatternsTest {
    @Test
    void namesAreAsciiLettersDigitsUnderscoresAndDashes() {
        for (String name : new String[] {"libata", "sata_nv", "ahci", "mpt3sas", "noacpi", "force", "max_sectors-kb", "A", "-"}) {
            assertTrue(OptionValidator.isName(name), name);
        }
        for (String name : new String[] {"", "sata nv", "sata.nv", "libata\n", "\u212aelvin", "\u0130x", "a\u0660", "x\uff10", "a/b", "a=b"}) {
            assertFalse(OptionValidator.isName(name), name);
        }
    }

    @Test
    void portIdsArePortOrPortDotDevice() {
        for (String id : new String[] {"1", "10", "1.00", "3.15", "0"}) {
            assertTrue(OptionValidator.isPortId(id), id);
        }
        for (String id : new String[] {"", ".", "1.", ".1", "1.2.3", "1..2", "a", "\u0661", "1.\uff10", " 1", "1 "}) {
            assertFalse(OptionValidator.isPortId(id), id);
        }
    }

    @Test
    void wordsAreThePiecesBetweenRunsOfSpacesAndTabs() {
        assertArrayEquals(new String[] {"options", "sata_nv", "adma=1"}, DisktuneModprobeFile.words("options sata_nv \t adma=1"));
        assertArrayEquals(new String[] {"", "options", "x"}, DisktuneModprobeFile.words(" \toptions x \t "));
        assertArrayEquals(new String[] {"options"}, DisktuneModprobeFile.words("options"));
        assertArrayEquals(new String[] {""}, DisktuneModprobeFile.words(""));
        assertArrayEquals(new String[] {"a\nb", "c"}, DisktuneModprobeFile.words("a\nb c"), "only spaces and tabs separate");
    }
}
