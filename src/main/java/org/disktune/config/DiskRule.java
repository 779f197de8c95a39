package org.disktune.config;

import java.util.Comparator;
import java.util.List;

/** {@code [disk LABEL]}: settings for every disk all of whose {@code match.*} keys hold. */
public record DiskRule(String label, int line, List<DiskMatch> matches, List<SettingValue> settings) {
    public DiskRule {
        matches = List.copyOf(matches);
        settings = List.copyOf(settings);
    }

    public boolean matches(DiskFacts disk) {
        return !matches.isEmpty() && matches.stream().allMatch(m -> m.matches(disk));
    }

    /** The rank of the section: that of its most specific key. */
    public Specificity specificity() {
        return matches.stream().map(DiskMatch::specificity).max(Comparator.naturalOrder()).orElse(Specificity.NAME);
    }

    /** "disk raptors" */
    public String section() {
        return "disk " + label;
    }
}
