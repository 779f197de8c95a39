package org.disktune.initramfs.image;

import java.nio.charset.StandardCharsets;

/** Names and symlink targets as a cpio entry stores them: C strings, made into safe image-relative paths. */
final class CpioNames {
    private CpioNames() {
    }

    /** The image-relative path of a cpio name; refuses names that could leave the root. */
    static String normalize(String stored) throws ImageFormatException {
        StringBuilder path = new StringBuilder();
        for (String part : stored.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                throw new ImageFormatException("unsafe name '" + oneLine(stored) + "': a '..' component leaves the image root");
            }
            if (path.length() > 0) {
                path.append('/');
            }
            path.append(part);
        }
        return path.toString();
    }

    /** The C string in the first length bytes: up to its first NUL. */
    static String cString(byte[] bytes, int length) {
        return new String(bytes, 0, cLength(bytes, length), StandardCharsets.UTF_8);
    }

    /** strlen within the first length bytes. */
    static int cLength(byte[] bytes, int length) {
        int end = 0;
        while (end < length && bytes[end] != 0) {
            end++;
        }
        return end;
    }

    /** text on one line of at most 200 characters, for messages; "no detail" for none. */
    static String oneLine(String text) {
        if (text == null) {
            return "no detail";
        }
        String line = text.replaceAll("[\\p{Cntrl}]+", " ").strip();
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
