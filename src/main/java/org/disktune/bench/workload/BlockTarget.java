package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;
import org.disktune.host.BlockDevices;
import org.disktune.host.Host;

/**
 * The block device under test as the workloads need it, read at the start of each trial: its size (BLKGETSIZE64;
 * fstat(2) reports 0 bytes for a device node, so {@code FileChannel.size()} cannot tell), its logical block size
 * (BLKSSZGET) and, for a loop device, its backing file ({@code /sys/block/loopN/loop/backing_file}, which
 * drivers/block/loop.c shows while a file is attached). Opens the node for reading only: there is no way to get a
 * writable channel from here.
 */
final class BlockTarget {
    private static final String DELETED = " (deleted)";
    private static final Pattern INFLIGHT = Pattern.compile("(\\d+)\\s+(\\d+)");

    private final String device;
    private final Path node;
    private final long size;
    private final int logicalBlockSize;
    private final String backingFile;

    private BlockTarget(String device, Path node, long size, int logicalBlockSize, String backingFile) {
        this.device = device;
        this.node = node;
        this.size = size;
        this.logicalBlockSize = logicalBlockSize;
        this.backingFile = backingFile;
    }

    static BlockTarget of(WorkloadContext context) throws IOException {
        if (context.device() == null || context.path() == null) {
            throw new IllegalArgumentException("a block workload needs the device's kernel name and node");
        }
        if (!Files.exists(context.path())) {
            throw DisktuneException.environment(context.path() + ": no such device; name an existing block device");
        }
        BlockDevices devices = context.host().blockDevices();
        String device = context.device();
        long size = devices.sizeBytes(device);
        int logical = devices.logicalBlockSize(device);
        Path backing = context.host().path("/sys/block/" + device + "/loop/backing_file");
        String file = null;
        if (Files.isRegularFile(backing)) {
            file = Files.readString(backing, StandardCharsets.UTF_8).strip();
            if (file.isEmpty()) {
                file = null;
            }
        }
        awaitIdle(context.host(), device);
        return new BlockTarget(device, context.path(), size, logical, file);
    }

    /** How long a trial waits at most for the requests of the one before it: longer, the device is busy with others. */
    static final int IDLE_WAIT_MILLIS = 2000;

    /**
     * Waits until {@code device} has no request in flight ({@code /sys/class/block/DEV/inflight}: reads and writes the
     * driver holds, block/genhd.c), at most {@link #IDLE_WAIT_MILLIS}, so that no trial starts behind the tail of the one
     * before. A buffered read leaves its read-ahead in flight when its time is up: on null_blk at 40 ms a request, 32
     * requests of 32 KiB after a trial at read_ahead_kb 1024, which held every tag for the first 40 ms of the next trial,
     * 8% of a 0.5 s seq-read-direct trial (a 2 MiB read takes 80 ms there), and only after the points with a large
     * read-ahead: interleaved, that is a bias against them, not noise. A device without the file (a test's tree) does
     * not wait.
     */
    static void awaitIdle(Host host, String device) throws IOException {
        Path inflight = host.path("/sys/class/block/" + device + "/inflight");
        for (int waited = 0; waited < IDLE_WAIT_MILLIS; waited++) {
            String counts;
            try {
                counts = Files.readString(inflight, StandardCharsets.US_ASCII);
            } catch (NoSuchFileException e) {
                return;
            }
            if (!busy(counts)) {
                return;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while waiting for /dev/" + device + " to finish its requests");
            }
        }
    }

    /** Whether an {@code inflight} file's "reads writes" (each padded to 8 columns) count a request; false for anything else. */
    static boolean busy(String inflight) {
        Matcher m = INFLIGHT.matcher(inflight.strip());
        return m.matches() && !(m.group(1).equals("0") && m.group(2).equals("0"));
    }

    long size() {
        return size;
    }

    /** The backing file of a loop device (a machine path), or null for any other device. */
    String backingFile() {
        return backingFile;
    }

    /**
     * The alignment of O_DIRECT offsets, lengths and buffer addresses: the device's logical block size, which the
     * kernel checks (open(2), "O_DIRECT"), and at least {@code FileStore.getBlockSize()} of the node, which Java checks
     * (the documentation of {@code com.sun.nio.file.ExtendedOpenOption.DIRECT}: 4096 for a node on devtmpfs).
     */
    int directAlignment() throws IOException {
        return Math.toIntExact(Math.max(logicalBlockSize, Files.getFileStore(node).getBlockSize()));
    }

    /** The end of the last whole {@code block} of the device: sequential reads wrap there. */
    long wholeBlocksEnd(int block, String workload) {
        long end = size - size % block;
        if (end == 0) {
            throw DisktuneException.environment("/dev/" + device + " has " + size + " bytes, less than one " + (block >> 10)
                    + " KiB read of " + workload + "; measure a larger device");
        }
        return end;
    }

    /**
     * What hdparm -t does before it times (hdparm.c, flush_buffer_cache: BLKFLSBUF), so that the next reads go to the
     * device: BLKFLSBUF writes back and drops the device's own page cache (block/ioctl.c, blkdev_flushbuf:
     * sync_blockdev, invalidate_bdev). A loop device reads its backing file through that file's page cache (unless its
     * direct I/O is on), so that cache is dropped as well (posix_fadvise POSIX_FADV_DONTNEED), else the "device"
     * reads would be memory copies.
     */
    void dropCaches(Host host) {
        host.blockDevices().flushBuffers(device);
        if (backingFile != null) {
            if (backingFile.endsWith(DELETED)) {
                throw DisktuneException.environment("the backing file of /dev/" + device + " was deleted ("
                        + backingFile + "), so its page cache cannot be dropped; attach an existing file");
            }
            host.blockDevices().dropFileCache(backingFile);
        }
    }

    /** Opens the node for reading (never writing), with {@code extra} options such as O_DIRECT. */
    FileChannel openForReading(OpenOption... extra) throws IOException {
        List<OpenOption> options = new ArrayList<>(List.of(StandardOpenOption.READ));
        options.addAll(List.of(extra));
        try {
            return FileChannel.open(node, options.toArray(OpenOption[]::new));
        } catch (NoSuchFileException e) {
            throw DisktuneException.environment(node + ": no such device; name an existing block device");
        } catch (AccessDeniedException e) {
            throw DisktuneException.environment(node + ": permission denied; run as root or as a member of the disk group");
        }
    }

    /** Reads until {@code buffer} is full from {@code position}; a device that ends early is an IOException. */
    static void readFully(FileChannel channel, java.nio.ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, at);
            if (n <= 0) {
                throw new IOException("the device ended at byte " + at + ", before the size BLKGETSIZE64 reported");
            }
            at += n;
        }
    }

    String device() {
        return device;
    }
}
