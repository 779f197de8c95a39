package org.disktune.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The errors and warnings of one parse, each at its line; listed by line (those of one line in the order found). */
final class ConfigProblems {
    private final String file;
    private final List<ConfigProblem> errors = new ArrayList<>();
    private final List<ConfigProblem> warnings = new ArrayList<>();

    ConfigProblems(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    void error(int line, String message) {
        errors.add(new ConfigProblem(file, line, message));
    }

    void warning(int line, String message) {
        warnings.add(new ConfigProblem(file, line, message));
    }

    List<ConfigProblem> errors() {
        return byLine(errors);
    }

    List<ConfigProblem> warnings() {
        return byLine(warnings);
    }

    private static List<ConfigProblem> byLine(List<ConfigProblem> problems) {
        return problems.stream().sorted(Comparator.comparingInt(ConfigProblem::line)).toList();
    }
}
