package org.disktune.persist;

import java.util.List;

import org.disktune.config.ConfigProblem;

/** A parsed udev rules file: its name (for messages), the rules in file order and the lines udev would reject. */
public record UdevRulesFile(String file, List<UdevRule> rules, List<ConfigProblem> errors) {
    public UdevRulesFile {
        rules = List.copyOf(rules);
        errors = List.copyOf(errors);
    }
}
