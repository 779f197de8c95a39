package org.disktune.tuning;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The version at the start of a kernel release ("2.6.18-8.el5" is 2.6.18), and comparisons with it. */
final class KernelRelease {
    /** major.minor and an optional .patch, in ASCII digits, at the start of the release. */
    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)(?:\\.(\\d+))?");

    private KernelRelease() {
    }

    /** Major, minor and patch of {@code release} (patch null when absent), or null when it starts with no version. */
    static String[] version(String release) {
        Matcher m = VERSION.matcher(release);
        return m.find() ? new String[] {m.group(1), m.group(2), m.group(3)} : null;
    }

    /** True only when {@code kernel} is known and older than major.minor.patch. */
    static boolean before(String kernel, int major, int minor, int patch) {
        if (kernel == null) {
            return false;
        }
        String[] v = version(kernel);
        if (v == null) {
            return false;
        }
        int[] have = {Integer.parseInt(v[0]), Integer.parseInt(v[1]), v[2] == null ? 0 : Integer.parseInt(v[2])};
        int[] need = {major, minor, patch};
        for (int i = 0; i < 3; i++) {
            if (have[i] != need[i]) {
                return have[i] < need[i];
            }
        }
        return false;
    }
}
