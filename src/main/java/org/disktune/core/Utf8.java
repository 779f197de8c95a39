package org.disktune.core;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Strict UTF-8: malformed input is an error, never a replacement character. */
public final class Utf8 {
    private Utf8() {
    }

    /** {@code bytes} as strict UTF-8. */
    public static String strict(byte[] bytes) throws CharacterCodingException {
        return strict(bytes, 0, bytes.length);
    }

    /** {@code length} bytes of {@code bytes} from {@code offset}, as strict UTF-8. */
    public static String strict(byte[] bytes, int offset, int length) throws CharacterCodingException {
        String text = new String(bytes, offset, length, StandardCharsets.UTF_8);
        // One char per byte and none replaced: every byte was ASCII (a valid multi-byte sequence gives fewer chars
        // than bytes), so the text is valid UTF-8 without setting up a decoder and its copies (most text is ASCII).
        if (text.length() == length && text.indexOf('\uFFFD') < 0) {
            return text;
        }
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes, offset, length))
                .toString();
    }
}
