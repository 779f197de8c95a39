package org.disktune.bench;

import java.time.Duration;

/**
 * How long and how often: {@code trials} measured runs of each workload after {@code warmups} discarded ones, each
 * running for about {@code trialTime} (sequential reads like hdparm -t run 3 s). QUICK finishes a block device in
 * under a minute; DEFAULT gives the statistics enough trials to see a change of a few percent.
 */
public enum Profile {
    QUICK(1, 5, Duration.ofSeconds(1)),
    DEFAULT(1, 9, Duration.ofSeconds(3));

    private final int warmups;
    private final int trials;
    private final Duration trialTime;

    Profile(int warmups, int trials, Duration trialTime) {
        this.warmups = warmups;
        this.trials = trials;
        this.trialTime = trialTime;
    }

    public int warmups() {
        return warmups;
    }

    public int trials() {
        return trials;
    }

    public Duration trialTime() {
        return trialTime;
    }
}
