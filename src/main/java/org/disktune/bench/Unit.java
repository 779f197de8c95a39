package org.disktune.bench;

import com.fasterxml.jackson.annotation.JsonValue;

/** The unit of a workload's figure; higher is better for every unit. */
public enum Unit {
    /** Megabytes (10^6 bytes, as hdparm and fio print MB/s) per second. */
    MB_S("MB/s"),
    /** I/O operations per second. */
    IOPS("IOPS"),
    /** File-system operations (create, stat, delete) per second. */
    OPS_S("ops/s");

    private final String label;

    Unit(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }
}
