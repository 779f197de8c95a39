package org.disktune.host;

import java.time.Duration;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * The runner of a --root tree or a sample machine: programs would act on the machine disktune runs
 * on, not on the tree, so they are refused with a one-line reason (dry runs still show them).
 */
public final class RefusingCommandRunner implements CommandRunner {
    private final String where;

    public RefusingCommandRunner(String where) {
        this.where = where;
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        throw new DisktuneException(ExitCode.ENVIRONMENT,
                "will not run " + argv.get(0) + " for " + where + ": it would act on this machine, not on the tree; use --dry-run there");
    }

    @Override
    public boolean available(String program) {
        return false;
    }
}
