package org.disktune.config;

import java.util.Objects;

/**
 * One setting as the configuration gives it: the value in its canonical form (see {@link SettingSyntax}),
 * the value as written (e.g. the 2.6 scheduler name "deadline" for mq-deadline), the section's label and
 * the line number, so that every message and {@code config show} can name where it came from.
 */
public record SettingValue(Setting setting, String value, String written, String section, int line) {
    public SettingValue {
        Objects.requireNonNull(setting);
        Objects.requireNonNull(value);
        Objects.requireNonNull(written);
        Objects.requireNonNull(section);
    }

    /** "[disk raptors] line 12" */
    public String origin() {
        return "[" + section + "] line " + line;
    }
}
