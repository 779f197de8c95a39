package org.disktune.apply;

import java.util.List;
import java.util.Objects;

/**
 * Run a program (an argument list, never a shell string) through {@code host.commands()}; a
 * non-zero exit fails the plan. {@code producesFiles} are the machine paths the program rewrites
 * (e.g. the initramfs image): backed up before it runs and restored on rollback and undo.
 */
public record RunProgram(List<String> argv, String reason, List<String> producesFiles) implements Change {
    public RunProgram {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("argv must name a program");
        }
        Objects.requireNonNull(reason, "reason");
        producesFiles = List.copyOf(producesFiles);
        producesFiles.forEach(MachinePaths::requireAbsolute);
    }

    public RunProgram(List<String> argv, String reason) {
        this(argv, reason, List.of());
    }

    @Override
    public java.util.List<String> touchedFiles() {
        return producesFiles;
    }

    @Override
    public boolean live() {
        return false;
    }

    @Override
    public <R> R accept(ChangeVisitor<R> visitor) {
        return visitor.runProgram(this);
    }
}
