package org.disktune.verify;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonValue;

/** The outcome of one check; written in lower case ("ok", "drift", "pending", "unknown", "absent"). */
public enum CheckStatus {
    /** The machine is as disktune wrote it. */
    OK,
    /** It is not, and a reboot will not change that: the cause says what will. */
    DRIFT,
    /** Written in this boot and not in effect yet: takes effect after a reboot. */
    PENDING,
    /** disktune cannot tell (nothing to read, or an effect it does not know how to see). */
    UNKNOWN,
    /** The configuration names a disk, array or mount this machine does not have (drift only with --strict). */
    ABSENT;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
