package org.disktune.host;

import java.time.Duration;
import java.util.List;

/** Runs a program given as an argument list; captures its output. No shell is ever involved. */
public interface CommandRunner {
    CommandResult run(List<String> argv, Duration timeout);

    default CommandResult run(List<String> argv) {
        return run(argv, Duration.ofMinutes(10));
    }

    /** True when the program can be found (absolute path, or on PATH for a bare name). */
    boolean available(String program);
}
