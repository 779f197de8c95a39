package org.disktune.bench.workload;

import java.util.Locale;

/**
 * How a directory workload measures, decided in {@link org.disktune.bench.Workload#prepare} before its first trial:
 * O_DIRECT or buffered I/O, the size of its test file and why. The runner stores {@link #describe()} with the result so
 * that a reader sees whether the page cache was bypassed, defeated by size, or (with a size set by the caller, as
 * tests do) possibly not defeated at all.
 *
 * @param mode           O_DIRECT when the file system accepted it (probed with one aligned block), else buffered
 * @param directRefused  buffered because the file system refused O_DIRECT (false when the caller chose buffered I/O)
 * @param fileBytes      the test file's size (0 for small-files, which has no test file)
 * @param memTotalBytes  MemTotal of /proc/meminfo when the size was derived from it, else 0
 * @param fileSystemType the type of the file system under test (ext4, xfs, tmpfs ...) as the JDK reports it
 * @param sizeFromCaller the size was given by the caller (tests) rather than derived from RAM or the O_DIRECT default
 */
public record DirectoryPlan(IoMode mode, boolean directRefused, long fileBytes, long memTotalBytes, String fileSystemType, boolean sizeFromCaller) {
    /** One line: "O_DIRECT on ext4, 1.0 GiB test file" or "buffered on ramfs (O_DIRECT refused), 47.1 GiB test file (twice RAM)". */
    public String describe() {
        if (fileBytes == 0) {
            return "small files on " + fileSystemType + " (no test file; the directory is fsynced after each batch)";
        }
        StringBuilder s = new StringBuilder(mode == IoMode.DIRECT ? "O_DIRECT" : "buffered");
        s.append(" on ").append(fileSystemType);
        if (mode == IoMode.BUFFERED) {
            s.append(directRefused ? " (O_DIRECT refused)" : " (O_DIRECT not tried)");
        }
        s.append(", ").append(size(fileBytes)).append(" test file");
        if (sizeFromCaller) {
            s.append(mode == IoMode.BUFFERED ? " (size set by the caller: the page cache may hold it)" : " (size set by the caller)");
        } else if (mode == IoMode.BUFFERED) {
            s.append(" (twice RAM, so that the page cache cannot hold it)");
        }
        return s.toString();
    }

    /** Bytes in binary units with one decimal: "4.0 MiB", "47.1 GiB". */
    static String size(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
