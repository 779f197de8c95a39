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
 * writes the file only when there are no errors.
 */
public record GeneratedRules(String path, Optional<String> text, int sections, List<ConfigProblem> errors) {
    public GeneratedRules {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        errors = List.copyOf(errors);
    }
}
