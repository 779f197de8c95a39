package org.disktune.config;

/** One problem in a configuration file, shown as {@code file:line: message} (line 0: the file as a whole). */
public record ConfigProblem(String file, int line, String message) {
    @Override
    public String toString() {
        return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
    }
}
