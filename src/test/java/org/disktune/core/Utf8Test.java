package org.disktune.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class Utf8Test {
    /** The short way for ASCII gives what the strict decoder gives, and malformed input is still refused. */
    @Test
    void asciiTakesTheShortWayAndEverythingElseTheStrictDecoder() throws Exception {
        java.util.Random random = new java.util.Random(3);
        byte[][] pieces = {"a".getBytes(StandardCharsets.UTF_8), "\n".getBytes(StandardCharsets.UTF_8), "\u00e9".getBytes(StandardCharsets.UTF_8),
                "\ufffd".getBytes(StandardCharsets.UTF_8), "\ud83d\ude00".getBytes(StandardCharsets.UTF_8), {(byte) 0xff}, {(byte) 0xc3},
                {(byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80}};
        int refused = 0;
        for (int round = 0; round < 20_000; round++) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            int n = random.nextInt(12);
            boolean ascii = random.nextInt(3) == 0;
            for (int k = 0; k < n; k++) {
                out.writeBytes(pieces[ascii ? random.nextInt(2) : random.nextInt(pieces.length)]);
            }
            byte[] bytes = out.toByteArray();
            String strict;
            try {
                strict = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
            } catch (java.nio.charset.CharacterCodingException e) {
                assertThrows(java.nio.charset.CharacterCodingException.class, () -> Utf8.strict(bytes), java.util.Arrays.toString(bytes));
                refused++;
                continue;
            }
            assertEquals(strict, Utf8.strict(bytes), java.util.Arrays.toString(bytes));
            byte[] framed = new byte[bytes.length + 2]; // the same bytes as a slice of a larger array
            framed[0] = (byte) 0xff;
            framed[framed.length - 1] = (byte) 0xc3;
            System.arraycopy(bytes, 0, framed, 1, bytes.length);
            assertEquals(strict, Utf8.strict(framed, 1, bytes.length), java.util.Arrays.toString(bytes));
        }
        assertTrue(refused > 5_000, "refused " + refused);
    }
}
