package org.disktune.verify;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;

import org.disktune.core.ExitCode;

/**
 * The result of {@code disktune verify}: every check, notes on what was (not) verified and why, and the
 * counts. {@code status} is "drift" when any check drifted (or, with --strict, is absent), else "pending" when any waits for a reboot,
 * else "ok"; unknown checks do not change it.
 */
public record VerifyReport(String status, List<Check> checks, List<String> notes, Summary summary) {
    public VerifyReport {
        checks = List.copyOf(checks);
        notes = List.copyOf(notes);
    }

    /** How many checks ended in each status. */
    public record Summary(int ok, int drift, int pending, int unknown, int absent) {
    }

    public static VerifyReport of(List<Check> checks, List<String> notes) {
        return of(checks, notes, false);
    }

    /** With {@code strict}, an absent disk, array or mount counts as drift. */
    public static VerifyReport of(List<Check> checks, List<String> notes, boolean strict) {
        Summary s = new Summary(count(checks, CheckStatus.OK), count(checks, CheckStatus.DRIFT),
                count(checks, CheckStatus.PENDING), count(checks, CheckStatus.UNKNOWN), count(checks, CheckStatus.ABSENT));
        String status = s.drift() > 0 || (strict && s.absent() > 0) ? "drift" : s.pending() > 0 ? "pending" : "ok";
        return new VerifyReport(status, checks, notes, s);
    }

    /** 1 for drift, else 3 for a pending reboot, else 0. */
    @JsonIgnore
    public ExitCode exitCode() {
        return switch (status) {
            case "drift" -> ExitCode.DRIFT;
            case "pending" -> ExitCode.REBOOT_NEEDED;
            default -> ExitCode.OK;
        };
    }

    private static int count(List<Check> checks, CheckStatus status) {
        int n = 0;
        for (Check c : checks) {
            if (c.status() == status) {
                n++;
            }
        }
        return n;
    }
}
