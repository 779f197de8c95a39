package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** detect's PCI ID column: withoutHexPrefix gives what replaceFirst("^0x", "") gave, on many generated strings. */
class DetectRendererPciIdTest {
    private static final String ALPHABET = "0xX8086a\n\r\u2028 ^$";

    @Test
    void withoutHexPrefixIsTheReplaceFirst() {
        Random random = new Random(13);
        List<String> strings = new ArrayList<>(List.of("", "0x", "0x8086", "8086", "0X8086", "00x1", "0x0x1", "\n0x1", "x0"));
        for (int n = 0; n < 50_000; n++) {
            StringBuilder s = new StringBuilder(random.nextInt(4) == 0 ? "0x" : "");
            int length = random.nextInt(8);
            for (int i = 0; i < length; i++) {
                s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            strings.add(s.toString());
        }
        for (String s : strings) {
            assertEquals(s.replaceFirst("^0x", ""), DetectRenderer.withoutHexPrefix(s), s);
        }
    }
}
