package org.disktune.host;

import java.util.List;

/** The outcome of one program run: its exit code and captured output. */
public record CommandResult(List<String> argv, int exitCode, String stdout, String stderr) {
    public CommandResult {
        argv = List.copyOf(argv);
    }

    public boolean ok() {
        return exitCode == 0;
    }
}
