package org.disktune.core;

/**
 * The one failure type that reaches the user: a one-line message naming the thing that is wrong
 * and how to fix it, and the exit code it maps to. Everything else is a bug (shown with --debug).
 */
public final class DisktuneException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ExitCode exitCode;

    public DisktuneException(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public DisktuneException(ExitCode exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public ExitCode exitCode() {
        return exitCode;
    }

    public static DisktuneException usage(String message) {
        return new DisktuneException(ExitCode.USAGE, message);
    }

    public static DisktuneException environment(String message) {
        return new DisktuneException(ExitCode.ENVIRONMENT, message);
    }
}
