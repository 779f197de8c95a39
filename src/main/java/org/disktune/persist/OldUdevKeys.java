package org.disktune.persist;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A rule of {@link UdevRulesGenerator} as a udev before 131 reads it, checked against that udev's sources (the udev
 * history kept in systemd's and eudev's repositories):
 * <ul>
 * <li>udev_rules_parse.c (add_to_rules) keeps one key of each kind in a field of its own ({@code add_rule_key(rule,
 * &rule->kernel, ...)} for KERNEL, and so DEVPATH, SUBSYSTEMS, DRIVERS, SYMLINK, RUN ...): a second key of a kind
 * replaces the first. Only ATTR, ATTRS and ENV are lists, of at most {@link #PAIRS_MAX} keys each, matches and
 * assignments together ({@code add_rule_key_pair}: "skip, too many keys of the same type in a single rule", and the
 * whole rule is dropped). udev 131 replaced this with a list of tokens, one per key (udev-rules.c,
 * {@code rule_add_key}).</li>
 * <li>Before 109, {@code match_key} of udev_rules.c returned true for a {@code !=} key as soon as one alternative of
 * {@code "a|b"} did not match, so {@code KERNEL!="md*|dm-*"} held for every device; 109 ("make ACTION!="add|change"
 * working") made it true only when no alternative matches. {@code ==} with alternatives works from 063.</li>
 * </ul>
 * So, for such a udev: several {@code !=} keys of one kind become one {@code !=} key with all their alternatives (from
 * 109); a {@code !=} key that cannot stay in the rule (before 109 with alternatives, or beside another key of its kind)
 * becomes a rule of its own that matches the same alternatives with {@code ==} and jumps past the rule
 * ({@code GOTO}, which every udev with ATTR{} keys has): the rule applies when its other keys hold and that key does
 * not, as the {@code !=} said. A {@code !=} on an ATTR keeps an {@code ATTR{name}=="*"} in the rule, since an attribute
 * that does not exist fails both {@code ==} and {@code !=}. Two {@code ==} keys of one kind, two assignments of one
 * kind, more than five keys of a list kind, or a moved {@code !=} on ATTRS (whose parent device a jump cannot name)
 * cannot be written: the section is left out, with the reason. Pure.
 */
final class OldUdevKeys {
    /** udev 131 reads every key of a rule as a token of its own. */
    static final int TOKENS = 131;
    /** udev 109 made {@code !=} with alternatives true only when no alternative matches. */
    static final int NEGATED_ALTERNATIVES = 109;
    /** PAIRS_MAX of udev_rules.h before 131: the most ATTR, ATTRS or ENV keys of a rule, each. */
    static final int PAIRS_MAX = 5;

    private static final Set<String> LISTS = Set.of("ATTR", "ATTRS", "ENV");

    private OldUdevKeys() {
    }

    /** How a rule is written for an old udev. */
    sealed interface Result {
    }

    /**
     * The rule's lines of keys as this udev reads them, and the keys (as {@code ==}) each of which, in a rule of its own
     * before it, jumps past it.
     */
    record Written(List<List<UdevKey>> lines, List<UdevKey> skips) implements Result {
        Written {
            lines = lines.stream().map(List::copyOf).toList();
            skips = List.copyOf(skips);
        }
    }

    /** Why this udev cannot read the rule as meant. */
    record Unwritable(String why) implements Result {
    }

    /** True when {@code udev} (0: not known, read as current) needs the rewriting of this class. */
    static boolean needed(int udev) {
        return udev > 0 && udev < TOKENS;
    }

    /** The rule of {@code lines} (its keys, as laid out on its lines) for udev {@code udev} (before {@link #TOKENS}). */
    static Result rewrite(List<List<UdevKey>> lines, int udev) {
        Map<String, List<UdevKey>> byKind = new LinkedHashMap<>();
        lines.forEach(line -> line.forEach(k -> byKind.computeIfAbsent(k.name(), n -> new ArrayList<>()).add(k)));
        Map<UdevKey, UdevKey> replaced = new LinkedHashMap<>(); // a key and what it becomes; null: taken out of the rule
        List<UdevKey> skips = new ArrayList<>();
        List<UdevKey> added = new ArrayList<>();
        for (Map.Entry<String, List<UdevKey>> kind : byKind.entrySet()) {
            String name = kind.getKey();
            List<UdevKey> keys = kind.getValue();
            List<UdevKey> moved = LISTS.contains(name) ? movedFromList(keys, udev) : movedFromSingle(keys, udev, replaced);
            if (moved == null) {
                return new Unwritable(one(name, keys, udev));
            }
            for (UdevKey k : moved) {
                if (name.equals("ATTRS")) {
                    return new Unwritable(udevName(udev) + " cannot read " + k.render() + " as meant (before udev 109 a != with "
                            + "alternatives holds when any one of them does not match), and a rule of its own cannot name the parent "
                            + "device it looked at");
                }
                replaced.put(k, null);
                skips.add(new UdevKey(k.name(), k.attribute(), "==", k.value()));
                if (name.equals("ATTR")) {
                    added.add(new UdevKey("ATTR", k.attribute(), "==", "*"));
                }
            }
            long remaining = keys.stream().filter(k -> !moved.contains(k)).count() + added.stream().filter(k -> k.name().equals(name)).count();
            if (LISTS.contains(name) && remaining > PAIRS_MAX) {
                return new Unwritable(udevName(udev) + " reads at most " + PAIRS_MAX + " " + name + " keys in a rule (PAIRS_MAX; udev 131 "
                        + "lifted it) and drops a rule with more, and this section's rule needs " + remaining);
            }
        }
        List<List<UdevKey>> out = new ArrayList<>();
        for (List<UdevKey> line : lines) {
            List<UdevKey> kept = new ArrayList<>();
            for (UdevKey k : line) {
                if (!replaced.containsKey(k)) {
                    kept.add(k);
                } else if (replaced.get(k) != null) {
                    kept.add(replaced.get(k));
                }
            }
            if (!kept.isEmpty()) {
                out.add(kept);
            }
        }
        if (!added.isEmpty()) {
            out.get(0).addAll(added);
        }
        return new Written(out, skips);
    }

    /** The {@code !=} keys of a list kind that cannot stay: before 109, those with alternatives. */
    private static List<UdevKey> movedFromList(List<UdevKey> keys, int udev) {
        return keys.stream().filter(k -> k.operator().equals("!=") && udev < NEGATED_ALTERNATIVES && k.value().contains("|")).toList();
    }

    /**
     * The keys of a single kind that cannot stay (merged ones are put in {@code replaced}); null when the kind has two
     * {@code ==} keys or two assignments, which one key of the kind cannot hold.
     */
    private static List<UdevKey> movedFromSingle(List<UdevKey> keys, int udev, Map<UdevKey, UdevKey> replaced) {
        List<UdevKey> matches = keys.stream().filter(k -> k.operator().equals("==")).toList();
        List<UdevKey> negated = keys.stream().filter(k -> k.operator().equals("!=")).toList();
        int assignments = keys.size() - matches.size() - negated.size();
        if (matches.size() > 1 || assignments > 1 || assignments == 1 && keys.size() > 1) {
            return null;
        }
        if (!matches.isEmpty()) {
            return negated; // the == stays; every != of its kind jumps
        }
        if (negated.size() > 1 && udev >= NEGATED_ALTERNATIVES) {
            UdevKey first = negated.get(0);
            replaced.put(first, UdevKey.of(first.name(), "!=", String.join("|", negated.stream().map(UdevKey::value).toList())));
            negated.subList(1, negated.size()).forEach(k -> replaced.put(k, null));
            return List.of();
        }
        List<UdevKey> moved = new ArrayList<>();
        boolean kept = false;
        for (UdevKey k : negated) {
            if (!kept && (udev >= NEGATED_ALTERNATIVES || !k.value().contains("|"))) {
                kept = true;
            } else {
                moved.add(k);
            }
        }
        return moved;
    }

    private static String one(String name, List<UdevKey> keys, int udev) {
        return udevName(udev) + " keeps one " + name + " key in a rule (a second replaces the first; udev 131 reads each key), and this "
                + "section's rule needs " + String.join(", ", keys.stream().map(UdevKey::render).toList());
    }

    static String udevName(int udev) {
        return "udev " + String.format("%03d", udev) + " of this machine";
    }
}
