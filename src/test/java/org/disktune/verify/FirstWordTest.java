package org.disktune.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** VerifyContext.firstWord against the split it replaced, on stripped texts as /proc/uptime gives them and generated ones. */
class FirstWordTest {
    @Test
    void firstWordIsTheRegexSplitsFirstPiece() {
        String alphabet = "0123456789. \t\n\u000b\f\r\u001c\u00a0\u2003\u0085x";
        Random random = new Random(5);
        assertEquals("", VerifyContext.firstWord(""));
        assertEquals("12345.67", VerifyContext.firstWord("12345.67 23456.78"));
        for (int i = 0; i < 60_000; i++) {
            StringBuilder s = new StringBuilder();
            int length = random.nextInt(20);
            for (int j = 0; j < length; j++) {
                s.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String stripped = s.toString().strip();
            assertEquals(stripped.split("\\s+")[0], VerifyContext.firstWord(stripped), () -> "'" + stripped + "'");
        }
    }
}
