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

/** IDENTIFY data captured from QEMU's AHCI and PIIX disks (Debian 6.1 kernel, /sys/class/ata_device/devN.M/id). */
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
}
