package org.disktune.kernel;

import java.util.List;

/**
 * The result of reading a kernel log.
 *
 * @param source    where the lines came from ("/dev/kmsg", "journalctl -k -b", a file name)
 * @param notes     what the reader fell back to, what was cut or skipped, in words for the user
 * @param bootsSeen how many boot starts the log holds (a serial capture that dumps dmesg after the console
 *                  output counts its replay as a second start)
 * @param linesRead kernel message lines read
 * @param boots     the last boot only (the default), or every boot in log order (at most 64, the last ones)
 */
public record KernelLogReport(String source, List<String> notes, int bootsSeen, long linesRead, List<KernelBoot> boots) {
    public KernelLogReport {
        notes = List.copyOf(notes);
        boots = List.copyOf(boots);
    }

    /** The last boot of the log; an empty boot when the log held no kernel lines. */
    public KernelBoot lastBoot() {
        return boots.isEmpty()
                ? new KernelBoot(0, null, null, null, false, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), null)
                : boots.get(boots.size() - 1);
    }
}
