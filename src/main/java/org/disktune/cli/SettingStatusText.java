package org.disktune.cli;

import org.disktune.tuning.EffectiveSetting;

/** The words shown for an effective setting's status. */
final class SettingStatusText {
    private SettingStatusText() {
    }

    static String of(EffectiveSetting s) {
        return switch (s.status()) {
            case IN_STATE -> "ok";
            case CHANGE -> "to change";
            case SKIPPED -> "skipped (not supported)";
            case UNKNOWN -> "unknown";
            case INVALID -> "invalid";
            case NOT_MOUNTED -> "not mounted (fstab)";
        };
    }
}
