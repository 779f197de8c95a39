package org.disktune.persist;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * disktune's marked block in a sysvinit {@code rc.local} (run once at the end of boot, after udev), for the settings
 * a udev rule cannot apply on a machine without systemd: hdparm flags, as report 004 persisted them by hand. The
 * edit is byte-preserving: everything outside the block stays as it was; a new block goes before a final
 * {@code exit 0} (Debian's rc.local ends with one) or at the end. Pure: returns the new bytes, writes nothing.
 */
public final class RcLocalBlock {
    public static final String BEGIN = "# BEGIN disktune";
    public static final String END = "# END disktune";

    private RcLocalBlock() {
    }

    /** The block for {@code commands} (one shell line each, already quoted), or empty text for none. */
    public static String block(String source, List<String> commands) {
        if (commands.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(BEGIN + ": generated from " + UdevValues.printable(source)
                + " (hdparm settings udev cannot apply without systemd); `disktune apply` rewrites this block\n");
        for (String c : commands) {
            if (c.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f)) {
                throw new IllegalArgumentException("a command of the rc.local block holds a control character: " + c);
            }
            b.append(c).append('\n');
        }
        return b.append(END).append('\n').toString();
    }

    /** The block now in {@code file} (from its BEGIN line through its END line), if any. */
    public static Optional<String> current(byte[] file) {
        String text = new String(file, StandardCharsets.ISO_8859_1);
        int begin = lineStart(text, BEGIN);
        if (begin < 0) {
            return Optional.empty();
        }
        int end = lineStart(text.substring(begin), END);
        if (end < 0) {
            return Optional.empty();
        }
        int stop = text.indexOf('\n', begin + end);
        return Optional.of(new String(file, begin, (stop < 0 ? text.length() : stop + 1) - begin, StandardCharsets.UTF_8));
    }

    /** {@code file} with its block replaced by {@code block} (removed when it is empty), or inserted where none was. */
    public static byte[] with(byte[] file, String block) {
        String text = new String(file, StandardCharsets.ISO_8859_1); // one char per byte: offsets are byte offsets
        String added = new String(block.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        int begin = lineStart(text, BEGIN);
        int end = begin < 0 ? -1 : lineStart(text.substring(begin), END);
        String result;
        if (begin >= 0 && end >= 0) {
            int stop = text.indexOf('\n', begin + end);
            result = text.substring(0, begin) + added + (stop < 0 ? "" : text.substring(stop + 1));
        } else if (added.isEmpty()) {
            return file;
        } else {
            int exit = lastExit(text);
            if (exit >= 0) {
                result = text.substring(0, exit) + added + text.substring(exit);
            } else {
                result = text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + added;
            }
        }
        return result.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The offset of the first line that starts with {@code prefix}, or -1. */
    private static int lineStart(String text, String prefix) {
        for (int at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
            if (at == 0 || text.charAt(at - 1) == '\n') {
                return at;
            }
        }
        return -1;
    }

    /** The offset of the last line when it is {@code exit 0} (or {@code exit}), else -1. */
    private static int lastExit(String text) {
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        int start = body.lastIndexOf('\n') + 1;
        String last = body.substring(start).strip();
        return last.equals("exit 0") || last.equals("exit") ? start : -1;
    }
}
