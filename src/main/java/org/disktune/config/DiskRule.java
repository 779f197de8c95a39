package org.disktune.config;

import java.util.List;

/** {@code [disk LABEL]}: settings for every disk all of whose {@code match.*} keys hold. */
public record DiskRule(String label, int line, List<DiskMatch> matches, List<SettingValue> settings) {
    public DiskRule {
        matches = List.copyOf(matches);
        settings = List.copyOf(settings);
    }

    public boolean matches(DiskFacts disk) {
        if (matches.isEmpty()) {
            return false;
        }
        for (DiskMatch m : matches) { // loops, not streams: no lambda to link on the verify path (docs/performance.md)
            if (!m.matches(disk)) {
                return false;
            }
        }
        return true;
    }

    /** The rank of the section: that of its most specific key. */
    public Specificity specificity() {
        Specificity most = null;
        for (DiskMatch m : matches) {
            Specificity s = m.specificity();
            if (most == null || s.compareTo(most) > 0) {
                most = s;
            }
        }
        return most == null ? Specificity.NAME : most;
    }

    /** "disk raptors" */
    public String section() {
        return "disk " + label;
    }
}
