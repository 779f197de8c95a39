package org.disktune.bench.workload;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.core.DisktuneException;

/**
 * How many threads the test-file workloads of a directory (seq-write, rewrite, seq-read, rand-rw) run, and the size of
 * each of their I/Os: {@code bench DIR --threads 16 --block-size 8k} is sysbench fileio's {@code --num-threads=16
 * --file-block-size=8K}, the shape of the seeds' seqwr and seqrewr runs. As fio's {@code numjobs} does, each thread has a
 * test file of its own (so a run holds threads x file size on the file system), and its own cursor.
 * small-files keeps its single thread and its 1 KiB files.
 *
 * @param threads    1..{@value #MAX_THREADS}
 * @param blockBytes the size of one I/O, a power of two from 4 KiB to 16 MiB; 0 for each workload's own (1 MiB for the
 *                   sequential ones, 4 KiB for rand-rw)
 */
public record IoShape(int threads, int blockBytes) {
    /** One thread, each workload's own block size: the shape of a run without --threads and --block-size. */
    public static final IoShape DEFAULT = new IoShape(1, 0);
    public static final int MAX_THREADS = 128;
    public static final int MIN_BLOCK = 4 << 10;
    public static final int MAX_BLOCK = 16 << 20;

    private static final class Syntax {
        static final Pattern SIZE = Pattern.compile("([0-9]{1,9})\\s*(|b|k|kb|kib|m|mb|mib)");
    }

    public IoShape {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads out of 1.." + MAX_THREADS + ": " + threads);
        }
        if (blockBytes != 0 && (Integer.bitCount(blockBytes) != 1 || blockBytes < MIN_BLOCK || blockBytes > MAX_BLOCK)) {
            throw new IllegalArgumentException("not a block size: " + blockBytes);
        }
    }

    /**
     * The shape of {@code --threads} and {@code --block-size} as the user wrote them (null: not given).
     *
     * @throws DisktuneException (usage) naming the option and what it takes
     */
    public static IoShape of(Integer threads, String blockSize) {
        if (threads != null && (threads < 1 || threads > MAX_THREADS)) {
            throw DisktuneException.usage("--threads " + threads + " is outside 1.." + MAX_THREADS + "; give e.g. --threads 16");
        }
        return new IoShape(threads == null ? 1 : threads, blockSize == null ? 0 : parseBlockSize(blockSize));
    }

    /**
     * A block size in bytes from "8k", "8 KiB", "4096", "1M", "1MiB": the units are binary, as fio's and sysbench's are
     * (k, kb and kib are all 1024); a power of two from 4 KiB (the alignment O_DIRECT needs) to 16 MiB.
     */
    public static int parseBlockSize(String text) {
        Matcher m = Syntax.SIZE.matcher(text.strip().toLowerCase(Locale.ROOT));
        String shown = text.chars().anyMatch(Character::isISOControl) ? "value" : text;
        if (!m.matches()) {
            throw DisktuneException.usage("--block-size " + shown + " is not a size; write e.g. 8k, 4KiB, 64k or 1M");
        }
        long bytes = Long.parseLong(m.group(1)) * switch (m.group(2)) {
            case "k", "kb", "kib" -> 1L << 10;
            case "m", "mb", "mib" -> 1L << 20;
            default -> 1L;
        };
        if (bytes < MIN_BLOCK || bytes > MAX_BLOCK || Long.bitCount(bytes) != 1) {
            throw DisktuneException.usage("--block-size " + shown + " is not a power of two from 4 KiB to 16 MiB (O_DIRECT needs "
                    + "whole 4 KiB blocks); give e.g. 4k, 8k, 64k or 1M");
        }
        return (int) bytes;
    }

    /** "16 threads, 8 KiB blocks"; "1 thread, default blocks (1 MiB sequential, 4 KiB random)". */
    public String describe() {
        return threads + (threads == 1 ? " thread, " : " threads, ")
                + (blockBytes == 0 ? "default blocks (1 MiB sequential, 4 KiB random)" : DirectoryPlan.size(blockBytes).replace(".0 ", " ")
                        + " blocks");
    }

    /** The block size of a workload whose own is {@code own}. */
    int block(int own) {
        return blockBytes == 0 ? own : blockBytes;
    }
}
