package org.disktune.config;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.disktune.core.Utf8;

/**
 * The lines of a configuration file with their 1-based numbers and byte offsets: a UTF-8 byte order mark
 * is skipped, a line ends at '\n' (a '\r' before it belongs to the line end, a lone '\r' stays in the
 * text so that it can be refused). Shared by the parser (line numbers) and the editor (byte offsets).
 */
final class ConfigLines {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private ConfigLines() {
    }

    /**
     * One line: its number, its text (without the line end; null bytes of invalid UTF-8 are shown as
     * U+FFFD and flagged), where its content starts and ends, and where the next line starts.
     */
    record Line(int number, String text, boolean validUtf8, int start, int end, int next) {
        boolean terminated() {
            return next > end;
        }

        /** The line end as written ("\n", "\r\n", or "" for a last line without one). */
        String terminator(byte[] content) {
            return new String(content, end, next - end, StandardCharsets.US_ASCII);
        }
    }

    static int bomLength(byte[] content) {
        return content.length >= 3 && content[0] == BOM[0] && content[1] == BOM[1] && content[2] == BOM[2] ? 3 : 0;
    }

    static List<Line> scan(byte[] content) {
        List<Line> lines = new ArrayList<>();
        int pos = bomLength(content);
        int number = 1;
        while (pos < content.length) {
            int nl = pos;
            while (nl < content.length && content[nl] != '\n') {
                nl++;
            }
            int end = nl;
            if (nl < content.length && end > pos && content[end - 1] == '\r') {
                end--;
            }
            int next = nl < content.length ? nl + 1 : nl;
            lines.add(line(content, number++, pos, end, next));
            pos = next;
        }
        return lines;
    }

    private static Line line(byte[] content, int number, int start, int end, int next) {
        try {
            return new Line(number, Utf8.strict(content, start, end - start), true, start, end, next);
        } catch (CharacterCodingException e) {
            return new Line(number, new String(content, start, end - start, StandardCharsets.UTF_8), false, start, end, next);
        }
    }

    /**
     * Where the first byte that no text configuration holds is: a C0 control byte other than tab, LF and CR, or DEL
     * (a NUL-filled or binary file); -1 when there is none.
     */
    static int firstControlByte(byte[] content) {
        for (int i = 0; i < content.length; i++) {
            int b = content[i] & 0xFF;
            if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
                return i;
            }
        }
        return -1;
    }

    /** The line end the file uses: that of its first line, "\n" when it has none. */
    static String lineEnd(byte[] content, List<Line> lines) {
        for (Line l : lines) {
            if (l.terminated()) {
                return l.terminator(content);
            }
        }
        return "\n";
    }
}
