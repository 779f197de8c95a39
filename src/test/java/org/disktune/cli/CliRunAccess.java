package org.disktune.cli;

/** CliRun for tests outside the cli package: stdout of a successful run. */
public final class CliRunAccess {
    private CliRunAccess() {
    }

    public static String out(String... args) {
        CliRun run = CliRun.run(args);
        if (run.exitCode() != 0) {
            throw new AssertionError("disktune " + String.join(" ", args) + " exited " + run.exitCode() + ": " + run.err());
        }
        return run.out();
    }
}
