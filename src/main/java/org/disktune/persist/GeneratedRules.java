package org.disktune.persist;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.disktune.config.ConfigProblem;

/**
 * The udev rules file for a configuration: where it goes ({@link UdevRulesGenerator#PATH}), its text (empty when
 * no section has a sysfs or hdparm setting: then the file should not exist), how many sections of the configuration
 * it holds rules of (a [disk] section with a scheduler has two rules, one section) and the sections that could not
 * become a rule, as {@code file:line: message}. A section with an error is left out of the text; a caller
 * writes the file only when there are no errors. {@code unwritten}: sections left out because the udev of the
 * machine could not read their rule (not a configuration error: the same section is fine on a newer udev).
 */
public record GeneratedRules(String path, Optional<String> text, int sections, List<ConfigProblem> errors, List<Unwritten> unwritten) {
    public GeneratedRules {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        errors = List.copyOf(errors);
        unwritten = List.copyOf(unwritten);
    }

    public GeneratedRules(String path, Optional<String> text, int sections, List<ConfigProblem> errors) {
        this(path, text, sections, errors, List.of());
    }

    /** A section ({@code [disk NAME]}, at {@code line}) whose rule the machine's udev could not read, and why. */
    public record Unwritten(String section, int line, String reason) {
    }
}
