package org.disktune.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.core.Spelling;

/** Reads a setting key of a [disk], [md] or [mount] section: known here, known elsewhere, or misspelt. */
final class SettingReader {
    static final String MD_UUID = "match.uuid";

    private final ConfigProblems problems;

    SettingReader(ConfigProblems problems) {
        this.problems = problems;
    }

    /** Adds the value of {@code o} to {@code into}, or reports why it is not one. */
    void read(SectionDraft d, SettingScope scope, IniEntry.Option o, List<SettingValue> into) {
        Optional<Setting> setting = Setting.find(scope, o.key());
        if (setting.isEmpty()) {
            problems.error(o.line(), unknownKey(d, scope, o.key()));
            return;
        }
        SettingSyntax.Outcome outcome = SettingSyntax.check(setting.get(), o.value());
        if (outcome instanceof SettingSyntax.Outcome.Accepted a) {
            into.add(new SettingValue(setting.get(), a.value(), o.value(), d.section(), o.line()));
            if (a.warning() != null) {
                problems.warning(o.line(), a.warning());
            }
        } else if (outcome instanceof SettingSyntax.Outcome.Rejected r) {
            problems.error(o.line(), r.message());
        }
    }

    private static String unknownKey(SectionDraft d, SettingScope scope, String key) {
        String here = "[" + d.section() + "]";
        for (SettingScope other : SettingScope.values()) {
            if (other != scope && Setting.find(other, key).isPresent()) {
                return key + " belongs in " + sectionOf(other) + " section, not in " + here;
            }
        }
        if (key.equals(MD_UUID)) {
            return "match.uuid belongs in an [md NAME] section, not in " + here;
        }
        if (DiskSectionReader.MATCH_KEYS.contains(key)) {
            return key + " belongs in a [disk LABEL] section, not in " + here;
        }
        List<String> known = new ArrayList<>(Setting.of(scope).stream().map(Setting::key).toList());
        if (scope == SettingScope.DISK) {
            known.addAll(DiskSectionReader.MATCH_KEYS);
        } else if (scope == SettingScope.MD) {
            known.add(MD_UUID);
        }
        return Spelling.closest(key, known).map(k -> "unknown key " + key + " in " + here + "; did you mean " + k + "?")
                .orElse("unknown key " + key + " in " + here + "; known keys: " + String.join(", ", known));
    }

    private static String sectionOf(SettingScope scope) {
        return switch (scope) {
            case DISK -> "a [disk LABEL]";
            case MD -> "an [md NAME]";
            case MOUNT -> "a [mount PATH]";
        };
    }
}
