package org.disktune.apply;

import java.util.List;

/**
 * The details behind a {@code ROLLED_BACK} {@link org.disktune.core.DisktuneException} (its
 * cause): the journal entry, the failed step's captured output (a program's stdout and stderr, or
 * a check's text) for the CLI to print, and the machine paths put back.
 */
public final class ApplyFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String journalId;
    private final String output;
    private final List<String> restoredPaths;

    ApplyFailure(String journalId, String failure, String output, List<String> restoredPaths) {
        super(failure, null, false, false);
        this.journalId = journalId;
        this.output = output;
        this.restoredPaths = List.copyOf(restoredPaths);
    }

    public String journalId() {
        return journalId;
    }

    /** Captured output of the failed step; empty when there was none. */
    public String output() {
        return output;
    }

    /** Every machine path written back or removed, in the order it was done. */
    public List<String> restoredPaths() {
        return restoredPaths;
    }
}
