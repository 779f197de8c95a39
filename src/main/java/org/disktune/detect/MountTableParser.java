package org.disktune.detect;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parses /proc/self/mountinfo (2.6.26+) and the older /proc/mounts format into mounts. Octal escapes
 * such as {@code \040} (space) are decoded; malformed lines are skipped.
 */
public final class MountTableParser {
    /** A mount line with the device numbers when mountinfo gives them ("8:1"), else null. */
    public record Entry(String majorMinor, String source, String mountPoint, String fsType, List<String> options) {
    }

    public List<Entry> parseMountinfo(List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.strip().split(" ");
            int dash = Arrays.asList(f).indexOf("-");
            if (dash < 6 || f.length < dash + 3) {
                continue;
            }
            List<String> options = new ArrayList<>(List.of(f[5].split(",")));
            if (f.length > dash + 3) {
                for (String o : f[dash + 3].split(",")) {
                    if (!options.contains(o)) {
                        options.add(o);
                    }
                }
            }
            entries.add(new Entry(f[2], unescape(f[dash + 2]), unescape(f[4]), unescape(f[dash + 1]), List.copyOf(options)));
        }
        return entries;
    }

    public List<Entry> parseMounts(List<String> lines) {
        List<Entry> entries = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 4) {
                continue;
            }
            entries.add(new Entry(null, unescape(f[0]), unescape(f[1]), unescape(f[2]), List.of(f[3].split(","))));
        }
        return entries;
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 4 <= s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
