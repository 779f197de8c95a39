package org.disktune.host;

import java.time.Duration;
import java.util.List;

/** Runs a program given as an argument list; captures its output. No shell is ever involved. */
public interface CommandRunner {
    CommandResult run(List<String> argv, Duration timeout);

    default CommandResult run(List<String> argv) {
        return run(argv, Duration.ofMinutes(10));
    }

    /**
     * Runs a program that only reads the machine (hdparm -B or -M to read a drive's setting). Feature code may
     * query; a program that changes the machine runs only from apply's executor ({@link #run}), which an
     * architecture rule checks.
     */
    default CommandResult query(List<String> argv) {
        return run(argv, Duration.ofMinutes(1));
    }

    /** True when the program can be found (absolute path, or on PATH for a bare name). */
    boolean available(String program);
}
