package org.disktune.persist;

import java.util.ArrayList;
import java.util.List;

import org.disktune.config.ConfigProblem;

/**
 * How a rules file on disk differs from the one the configuration generates, as udev reads both
 * ({@link UdevRulesParser}): comments, blank lines, line continuations and the spacing between keys do not count.
 * No difference means udev applies the same rules, whatever the comments say; otherwise each differing rule is named by
 * the line it starts on in the file on disk, with the keys it has and the generated rule has instead.
 */
public final class UdevRulesDifference {
    /** How many differences a message names before "and N more". */
    static final int SHOWN = 3;

    private UdevRulesDifference() {
    }

    /** The differences of {@code actual} (the file on disk, named {@code file}) from {@code generated}; empty when udev sees the same rules. */
    public static List<String> of(String actual, String generated, String file) {
        UdevRulesParser parser = new UdevRulesParser();
        UdevRulesFile found = parser.parse(actual, file);
        UdevRulesFile wanted = parser.parse(generated, file);
        List<String> differences = new ArrayList<>();
        for (ConfigProblem p : found.errors()) {
            differences.add("line " + p.line() + " is a rule udev rejects (" + p.message() + ")");
        }
        int common = Math.min(found.rules().size(), wanted.rules().size());
        for (int i = 0; i < common; i++) {
            UdevRule f = found.rules().get(i);
            UdevRule w = wanted.rules().get(i);
            if (!f.keys().equals(w.keys())) {
                List<UdevKey> extra = new ArrayList<>(f.keys());
                extra.removeAll(w.keys());
                List<UdevKey> missing = new ArrayList<>(w.keys());
                missing.removeAll(f.keys());
                String rule = "the rule of line " + f.line() + " ";
                if (extra.isEmpty() && missing.isEmpty()) {
                    differences.add(rule + "has its keys in another order");
                } else if (missing.isEmpty()) {
                    differences.add(rule + "also has " + render(extra));
                } else if (extra.isEmpty()) {
                    differences.add(rule + "lacks " + render(missing));
                } else {
                    differences.add(rule + "has " + render(extra) + " instead of " + render(missing));
                }
            }
        }
        for (UdevRule f : found.rules().subList(common, found.rules().size())) {
            differences.add("the rule of line " + f.line() + " is not generated (" + render(f.keys()) + ")");
        }
        for (UdevRule w : wanted.rules().subList(common, wanted.rules().size())) {
            differences.add("a rule is missing (" + render(w.keys()) + ")");
        }
        return differences;
    }

    /** The first {@link #SHOWN} differences joined, and how many more there are. */
    public static String summary(List<String> differences) {
        String shown = String.join("; ", differences.subList(0, Math.min(SHOWN, differences.size())));
        return differences.size() > SHOWN ? shown + "; and " + (differences.size() - SHOWN) + " more" : shown;
    }

    private static String render(List<UdevKey> keys) {
        List<String> rendered = new ArrayList<>(keys.size());
        for (UdevKey k : keys) {
            rendered.add(k.render());
        }
        return String.join(", ", rendered);
    }
}
