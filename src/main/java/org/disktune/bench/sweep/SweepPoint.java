package org.disktune.bench.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One combination of the settings a sweep tries on a block device: the I/O scheduler ({@code queue/scheduler}), the
 * drive's command queue depth ({@code device/queue_depth}; null when the sweep does not vary it: no such attribute, or
 * no NCQ) and {@code queue/read_ahead_kb}.
 */
public record SweepPoint(String scheduler, Integer queueDepth, int readAheadKb) {
    public SweepPoint {
        Objects.requireNonNull(scheduler, "scheduler");
        if (readAheadKb < 0 || (queueDepth != null && queueDepth < 1)) {
            throw new IllegalArgumentException("not a sweep point: read_ahead_kb " + readAheadKb + ", queue_depth " + queueDepth);
        }
    }

    /** "scheduler=bfq queue_depth=1 read_ahead_kb=4096" (queue_depth only when swept). */
    public String label() {
        return "scheduler=" + scheduler + (queueDepth == null ? "" : " queue_depth=" + queueDepth) + " read_ahead_kb=" + readAheadKb;
    }

    /** How many of the settings differ from {@code other}'s (0 for the same point). */
    public int distance(SweepPoint other) {
        int d = scheduler.equals(other.scheduler) ? 0 : 1;
        d += Objects.equals(queueDepth, other.queueDepth) ? 0 : 1;
        return d + (readAheadKb == other.readAheadKb ? 0 : 1);
    }

    /** The settings as disktune.conf keys with their values, in the order above. */
    public List<String[]> settings() {
        List<String[]> s = new ArrayList<>();
        s.add(new String[] {"scheduler", scheduler});
        if (queueDepth != null) {
            s.add(new String[] {"queue_depth", Integer.toString(queueDepth)});
        }
        s.add(new String[] {"read_ahead_kb", Integer.toString(readAheadKb)});
        return s;
    }
}
