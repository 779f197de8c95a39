package org.disktune.detect;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Comparing a kernel release as uname prints it ("2.6.18-8.el5", "6.1.0-57-amd64") with a version. */
public final class KernelRelease {
    private static final Pattern RELEASE = Pattern.compile("(\\d{1,4})\\.(\\d{1,4})(?:\\.(\\d{1,4}))?\\b.*");

    private KernelRelease() {
    }

    /** True when {@code release} is {@code major.minor.patch} or later; an unknown or unreadable release counts as a current kernel. */
    public static boolean atLeast(String release, int major, int minor, int patch) {
        Matcher m = release == null ? null : RELEASE.matcher(release);
        if (m == null || !m.matches()) {
            return true;
        }
        int[] have = {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3) == null ? 0 : Integer.parseInt(m.group(3))};
        int[] want = {major, minor, patch};
        for (int i = 0; i < 3; i++) {
            if (have[i] != want[i]) {
                return have[i] > want[i];
            }
        }
        return true;
    }
}
