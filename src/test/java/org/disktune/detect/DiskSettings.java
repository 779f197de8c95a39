package org.disktune.detect;

import java.util.EnumMap;
import java.util.Map;

import org.disktune.config.Setting;

/** A disk's sysfs settings for tests that build a {@link Disk} by hand: the four a disk had before the table grew. */
public final class DiskSettings {
    private DiskSettings() {
    }

    public static Map<Setting, String> of(Integer queueDepth, String scheduler, Integer readAheadKb, Integer nrRequests) {
        Map<Setting, String> settings = new EnumMap<>(Setting.class);
        settings.put(Setting.QUEUE_DEPTH, queueDepth == null ? null : queueDepth.toString());
        settings.put(Setting.SCHEDULER, scheduler);
        settings.put(Setting.READ_AHEAD_KB, readAheadKb == null ? null : readAheadKb.toString());
        settings.put(Setting.NR_REQUESTS, nrRequests == null ? null : nrRequests.toString());
        return settings;
    }
}
