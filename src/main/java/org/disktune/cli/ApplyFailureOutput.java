package org.disktune.cli;

import java.util.function.Supplier;

import org.disktune.apply.ApplyFailure;
import org.disktune.core.DisktuneException;

/**
 * Shows what a failed step printed (a generator's stdout and stderr) on standard error before the
 * one-line error, so that the reason a rebuild failed is never lost.
 */
final class ApplyFailureOutput {
    private ApplyFailureOutput() {
    }

    static <T> T around(Session session, Supplier<T> action) {
        try {
            return action.get();
        } catch (DisktuneException e) {
            if (e.getCause() instanceof ApplyFailure failure) {
                String output = failure.output();
                if (!output.isBlank() && !e.getMessage().contains(output.strip())) {
                    session.err().print(output.endsWith("\n") ? output : output + "\n");
                    session.err().flush();
                }
            }
            throw e;
        }
    }
}
