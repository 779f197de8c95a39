package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * IDENTIFY data captured from QEMU's AHCI and PIIX disks (Debian 6.1 kernel, /sys/class/ata_device/devN.M/id), and two real
 * SATA drives of 2006 (hdparm --Istdout on the linux-ide list; detect/SOURCES.tsv).
 */
class IdentifyParserTest {
    private final IdentifyParser parser = new IdentifyParser();

    static String resource(String name) throws IOException {
        try (InputStream in = IdentifyParserTest.class.getResourceAsStream("/detect/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    @ParameterizedTest
    @CsvSource({
            "identify-ahci-wd7500.txt, WDC WD7500AAKS-00RBA0, WD-WCAPW0000001, 30.04G30, true, 32, 7200",
            "identify-ahci-ssd.txt, LAB-SSD-240G, LABSSD000002, LAB1.0, true, 32, 1",
            "identify-piix-wd7500.txt, WDC WD7500AAKS-00RBA0, WD-WCAPW0000001, 30.04G30, false, , 7200",
    })
    void decodesCapturedIdentifyData(String file, String model, String serial, String firmware, boolean ncq, Integer depth, Integer rotation)
            throws IOException {
        IdentifyData id = parser.parse(resource(file)).orElseThrow();
        assertEquals(model, id.model());
        assertEquals(serial, id.serial());
        assertEquals(firmware, id.firmware());
        assertEquals(ncq, id.ncqSupported());
        assertEquals(depth, id.ncqMaxDepth());
        assertEquals(rotation, id.rotationRate());
        assertNull(id.wwn(), "QEMU reports no WWN");
    }

    @Test
    void emptyPortHasNoStrings() throws IOException {
        IdentifyData id = parser.parse(resource("identify-ahci-empty-port.txt")).orElseThrow();
        assertNull(id.model());
        assertFalse(id.ncqSupported());
    }

    @Test
    void decodesWwnWhenWord87SaysItIsThere() {
        int[] words = new int[256];
        words[87] = 0x4000 | 0x0100;
        words[108] = 0x5000;
        words[109] = 0x0c50;
        words[110] = 0x0012;
        words[111] = 0x3456;
        words[76] = 0x0100;
        words[75] = 31;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 256; i++) {
            text.append(String.format("%04x", words[i])).append(i % 8 == 7 ? "\n" : " ");
        }
        IdentifyData id = parser.parse(text.toString()).orElseThrow();
        assertEquals("0x50000c5000123456", id.wwn());
        assertTrue(id.ncqSupported());
        assertEquals(32, id.ncqMaxDepth());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "garbage", "0040 3fff", "zzzz"})
    void rejectsWhatIsNotIdentifyData(String text) {
        assertTrue(parser.parse(text).isEmpty());
    }

    @Test
    void rejectsANonHexWordAmongOtherwiseValidData() throws IOException {
        String text = resource("identify-ahci-wd7500.txt").replaceFirst("3fff", "3fgf");
        assertTrue(parser.parse(text).isEmpty());
    }

    // ---- drive features (write cache, APM, AAM, multiple-sector) -----------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"identify-ahci-wd7500.txt", "identify-ahci-ssd.txt", "identify-piix-wd7500.txt"})
    void qemuDisksHaveWriteCacheOnNoApmNoAcousticAndMultcount16(String file) throws IOException {
        // words 82/85 = 4021h (bit 5), 83 = 7400h (bits 3 and 9 clear), 47 = 8010h, 59 = 0110h
        assertEquals(new DriveFeatures(true, true, false, null, null, false, null, null, 16, 16),
                parser.parse(resource(file)).orElseThrow().features());
    }

    @Test
    void aRealMaxtorSupportsApmButHasItOffAndRunsAcousticManagementAt254() throws IOException {
        // word 83 = 7f09h (APM bit 3, AAM bit 9), 86 = 3e01h (APM off, AAM on), 94 = c0feh (vendor 192, current 254)
        IdentifyData id = parser.parse(resource("identify-sata-maxtor-6b200m0.txt")).orElseThrow();
        assertEquals("Maxtor 6B200M0", id.model());
        assertEquals(new DriveFeatures(true, true, true, false, null, true, true, 254, 16, 16), id.features());
    }

    @Test
    void aRealSeagateHasWriteCacheButNeitherApmNorAcousticManagement() throws IOException {
        IdentifyData id = parser.parse(resource("identify-sata-seagate-st3160023as.txt")).orElseThrow();
        assertEquals("ST3160023AS", id.model());
        assertEquals(new DriveFeatures(true, true, false, null, null, false, null, null, 16, 16), id.features());
    }

    @Test
    void anEmptyPortSaysNothingAboutFeatures() throws IOException {
        assertEquals(new DriveFeatures(null, null, null, null, null, null, null, null, null, null),
                parser.parse(resource("identify-ahci-empty-port.txt")).orElseThrow().features());
    }

    @Test
    void apmLevelIsReadOnlyWhenEnabledAndWriteCacheOffIsOff() {
        int[] w = validWords();
        w[82] = 0x4001; // SMART only: write cache supported bit 5 clear
        w[83] = 0x4008; // APM supported
        w[86] = 0x0008; // APM enabled
        w[91] = 0x40fe; // high byte: vendor-specific; level 254
        DriveFeatures f = DriveFeatures.of(w);
        assertEquals(false, f.writeCacheSupported());
        assertNull(f.writeCacheEnabled());
        assertEquals(true, f.apmEnabled());
        assertEquals(254, f.apmLevel());
    }

    @Test
    void word83WithoutItsValidityBitsMakesWords82And83SayNothing() {
        int[] w = validWords();
        w[83] = 0x8008; // bits 15:14 = 10: not valid although bit 3 is set
        DriveFeatures f = DriveFeatures.of(w);
        assertNull(f.writeCacheSupported());
        assertNull(f.apmSupported());
        assertNull(f.aamSupported());
    }

    @Test
    void word87WithoutItsValidityBitsMakesTheEnabledWordsSayNothing() {
        int[] w = validWords();
        w[87] = 0xffff;
        DriveFeatures f = DriveFeatures.of(w);
        assertEquals(true, f.writeCacheSupported());
        assertNull(f.writeCacheEnabled());
    }

    @Test
    void multcountIsZeroWhenWord59SaysTheSettingIsNotValidAndBit8AloneDecides() {
        int[] w = validWords();
        w[59] = 0x0010; // bit 8 clear: no multiple mode set
        assertEquals(0, DriveFeatures.of(w).multipleSectorCurrent());
        w[59] = 0x1108; // bit 12 (ACS-2 sanitize) with bit 8: valid, 8 sectors
        assertEquals(8, DriveFeatures.of(w).multipleSectorCurrent());
    }

    /** Write cache supported and on, nothing else; words 83 and 87 valid. */
    private static int[] validWords() {
        int[] w = new int[256];
        w[47] = 0x8010;
        w[59] = 0x0110;
        w[82] = 0x4021;
        w[83] = 0x4000;
        w[84] = 0x4000;
        w[85] = 0x4021;
        w[86] = 0x0000;
        w[87] = 0x4000;
        return w;
    }
}
