package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** initramfs list's MODE column: the octal of String.format("%04o"), without a Formatter per entry. */
class InitramfsListModeTest {
    @Test
    void theModeIsFourOctalDigitsAtLeastAsFormatWouldWriteIt() {
        assertEquals("0000", InitramfsListCommand.octal(0));
        assertEquals("0644", InitramfsListCommand.octal(0644));
        assertEquals("4755", InitramfsListCommand.octal(04755));
        assertEquals("100644", InitramfsListCommand.octal(0100644));
        Random random = new Random(13);
        for (int i = 0; i < 100_000; i++) {
            int mode = i < 0200000 ? i : random.nextInt();
            assertEquals(String.format("%04o", mode), InitramfsListCommand.octal(mode), Integer.toString(mode));
        }
    }
}
