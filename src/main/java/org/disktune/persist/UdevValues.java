package org.disktune.persist;

import java.util.regex.Pattern;

import org.disktune.config.Glob;

/**
 * Values as udev sees them: a serial or model as ata_id and scsi_id export it (whitespace runs as {@code _}, other
 * characters udev_replace_chars does not keep as {@code _}) and as {@code $attr{}} keeps it; what makes a value unsafe
 * to write into a rule; and a value printed for a message or comment with its control characters escaped.
 */
public final class UdevValues {
    /** Characters udev_replace_chars keeps as they are (plus letters and digits). */
    private static final String UDEV_ALLOWED = "#+-.:=@_";

    private static final class Patterns {
        static final Pattern LOWER_HEX = Pattern.compile("[0-9a-f]*");
        static final Pattern BLANKS = Pattern.compile("\\s+");
    }

    private UdevValues() {
    }

    /** The value as ata_id/scsi_id export it and, when different, as $attr{} keeps it (NVMe): "A_B|A B". */
    static String alternatives(Glob glob) {
        return alternatives(glob.text());
    }

    static String alternatives(String text) {
        String replaced = replaceWhitespace(text);
        String kept = replaceChars(text.strip(), " /$%?,");
        return replaced.equals(kept) ? replaced : replaced + "|" + kept;
    }

    /** Exactly {@code length} lowercase hex digits. */
    static boolean isLowerHex(String s, int length) {
        return s.length() == length && Patterns.LOWER_HEX.matcher(s).matches();
    }

    /**
     * udev_replace_whitespace then udev_replace_chars(NULL): runs of whitespace become one '_', ends dropped (also how
     * detect reads a serial back out of a by-id name).
     */
    public static String replaceWhitespace(String text) {
        return replaceChars(collapseBlanks(text.strip()), "");
    }

    /** Each run of space, tab, LF, VT, FF or CR becomes one '_'. */
    static String collapseBlanks(String text) {
        return Patterns.BLANKS.matcher(text).replaceAll("_");
    }

    private static String replaceChars(String text, String alsoAllowed) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            boolean keep = c >= 0x80 || Character.isLetterOrDigit(c) || UDEV_ALLOWED.indexOf(c) >= 0 || alsoAllowed.indexOf(c) >= 0
                    || c == '*' || c == '?' || c == '[' || c == ']' || c == '!' || c == '^';
            out.append(keep ? c : Character.isWhitespace(c) && alsoAllowed.indexOf(' ') >= 0 ? ' ' : '_');
        }
        return out.toString();
    }

    /** What makes a value unsafe in a udev rule, or null. */
    static String unsafe(String value) {
        for (char c : value.toCharArray()) {
            if (c == '"') {
                return "a double quote";
            } else if (c == '\\') {
                return "a backslash";
            } else if (c == '|') {
                return "a '|' (udev's separator of alternatives)";
            } else if (c == '$' || c == '%') {
                return "a '" + c + "' (udev substitutes $ and % sequences)";
            } else if (c < 0x20 || c == 0x7f) {
                return "a control character";
            }
        }
        return null;
    }

    static String printable(String value) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < value.length(); i++) {
            int c = value.charAt(i);
            s.append(c < 0x20 || c == 0x7f ? String.format("\\x%02x", c) : String.valueOf((char) c));
        }
        return s.toString();
    }
}
