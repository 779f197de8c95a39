package org.disktune.tuning;

import java.util.List;

/**
 * A proposed {@code disktune.conf} for one machine: the file's text (INI, each section preceded by {@code #}
 * comments saying why), one line per proposed setting ("[module sata_nv] adma = 1: sata_nv on an nForce4 ..."),
 * and notes on what was looked at and not proposed (a disk whose rotation is unknown, an array whose
 * readahead is not shown).
 */
public record Proposal(String text, List<String> reasons, List<String> notes) {
    public Proposal {
        reasons = List.copyOf(reasons);
        notes = List.copyOf(notes);
    }

    /** True when the machine needs nothing: the text is only a header saying so. */
    public boolean isEmpty() {
        return reasons.isEmpty();
    }
}
