package org.disktune.verify;

import java.util.List;

/**
 * What {@code disktune kernel-log} shows: where the log came from, what was cut or fell back, and the
 * disk facts of the last boot (or of every boot when asked).
 *
 * @param source    "/dev/kmsg", "journalctl -k -b", a file name
 * @param ownLog    true when the log is the host's own (live, or a root tree's saved boot log): only then are
 *                  ATA devices mapped through sysfs
 * @param notes     fallbacks and cuts, in words
 * @param bootsSeen boot starts in the log
 * @param linesRead kernel message lines read
 * @param boots     the last boot, or every boot in log order
 */
public record KernelLogFacts(String source, boolean ownLog, List<String> notes, int bootsSeen, long linesRead, List<BootFacts> boots) {
    public KernelLogFacts {
        notes = List.copyOf(notes);
        boots = List.copyOf(boots);
    }
}
