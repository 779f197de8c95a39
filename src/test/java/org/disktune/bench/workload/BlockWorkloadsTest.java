package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.disktune.bench.Latency;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.Workload;
import org.disktune.bench.WorkloadContext;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.BlockDevices;
import org.disktune.host.CommandRunner;
import org.disktune.host.Host;
import org.disktune.host.KernelLogSource;
import org.disktune.host.LinuxHost;
import org.disktune.host.LoopDevice;
import org.disktune.host.RootedHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The block workloads on a real loop device (64 MiB of random bytes in a temp file), each trial 200 ms: figures
 * consistent with what the trial did, reads that reach the device where they should, and the device never written.
 */
@Tag("loop")
class BlockWorkloadsTest {
    private static final Duration TRIAL = Duration.ofMillis(200);
    private static final int MIB = 64;

    @TempDir
    static Path dir;
    private static LoopDevice loop;
    private static Path node;
    private static RecordingHost host;

    @BeforeAll
    static void attachAFilledLoopDevice() throws IOException {
        loop = LoopDevice.attach(dir, MIB);
        node = Path.of("/dev", loop.name());
        byte[] block = new byte[1 << 20];
        Random random = new Random(9);
        // the test fills its own loop device once (a temp file); the workloads only read it
        try (FileChannel channel = FileChannel.open(node, StandardOpenOption.WRITE)) {
            for (int i = 0; i < MIB; i++) {
                random.nextBytes(block);
                channel.write(ByteBuffer.wrap(block));
            }
            channel.force(true);
        }
        host = new RecordingHost(new LinuxHost(() -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
        }));
    }

    @AfterAll
    static void detach() throws IOException {
        if (loop != null) {
            loop.close();
        }
    }

    private static WorkloadContext context() {
        return new WorkloadContext(host, loop.name(), node, Profile.QUICK, Clock.systemUTC(), System::nanoTime, TRIAL);
    }

    @Test
    void everyWorkloadGivesFiguresThatAgreeWithWhatItReadAndNeverWritesTheDevice() throws IOException {
        byte[] before = sha256(node);
        long[] statBefore = stat();
        List<Workload> workloads = BlockWorkloads.all();
        assertEquals(List.of("seq-read-buffered", "cached-read", "seq-read-direct", "rand-read-4k-qd1", "rand-read-4k-qd4", "rand-read-4k-qd32"),
                workloads.stream().map(Workload::name).toList());
        for (Workload workload : workloads) {
            try (workload) {
                Trial trial = workload.run(context());
                String name = workload.name();
                assertTrue(trial.seconds() >= 0.2 && trial.seconds() < 2, name + " ran " + trial.seconds() + " s for a 200 ms trial");
                assertTrue(trial.operations() > 0, name);
                if (workload.unit() == Unit.MB_S) {
                    assertEquals(trial.operations() * (2L << 20), trial.bytes(), name + ": 2 MiB per read");
                    assertEquals(trial.bytes() / trial.seconds() / 1e6, trial.value(), trial.value() * 1e-9, name + ": MB/s are 10^6 bytes/s");
                    assertNull(trial.latency(), name);
                } else {
                    assertEquals(Unit.IOPS, workload.unit());
                    assertEquals(trial.operations() * 4096, trial.bytes(), name + ": 4 KiB per read");
                    assertEquals(trial.operations() / trial.seconds(), trial.value(), trial.value() * 1e-9, name);
                    Latency latency = trial.latency();
                    assertNotNull(latency, name);
                    assertTrue(latency.p50Us() > 0 && latency.p50Us() <= latency.p99Us() && latency.p99Us() <= latency.p999Us(),
                            name + ": " + latency);
                    // every I/O's latency is at most the trial's length
                    assertTrue(latency.p999Us() <= trial.seconds() * 1e6, name + ": " + latency);
                }
            }
        }
        long[] statAfter = stat();
        assertEquals(statBefore[4], statAfter[4], "write requests completed on " + loop.name());
        assertEquals(statBefore[6], statAfter[6], "sectors written to " + loop.name());
        assertTrue(statAfter[2] > statBefore[2], "the workloads read the device");
        assertArrayEquals(before, sha256(node), "the device's content");
    }

    @Test
    void theBufferedReadGoesToTheDeviceAfterDroppingItsCacheAndTheBackingFilesCache() throws IOException {
        String backing = Files.readString(Path.of("/sys/block", loop.name(), "loop", "backing_file")).strip();
        sha256(node); // the whole device in the page cache: without the drop, the reads below would not reach it
        host.calls.clear();
        long sectorsBefore = stat()[2];
        Trial trial;
        try (Workload buffered = new SequentialBufferedRead()) {
            trial = buffered.run(context());
        }
        long deviceBytes = (stat()[2] - sectorsBefore) * 512;
        assertTrue(deviceBytes >= trial.bytes(), "the trial read " + trial.bytes() + " bytes, the device only " + deviceBytes);
        assertTrue(host.calls.size() >= 2, host.calls.toString());
        assertEquals(List.of("flushBuffers " + loop.name(), "dropFileCache " + backing), host.calls.subList(0, 2));

        // the control: cached-read reads its 2 MiB from the page cache, not from the device
        sectorsBefore = stat()[2];
        try (Workload cached = new CachedRead()) {
            trial = cached.run(context());
        }
        deviceBytes = (stat()[2] - sectorsBefore) * 512;
        assertTrue(trial.bytes() > 10 * deviceBytes, "cached-read read " + trial.bytes() + " bytes, " + deviceBytes + " of them from the device");
    }

    @Test
    void theDirectReadUsesABufferAlignedForODirect() throws IOException {
        try (SequentialDirectRead direct = new SequentialDirectRead()) {
            direct.run(context());
            ByteBuffer buffer = direct.buffer();
            assertTrue(buffer.isDirect());
            assertEquals(2 << 20, buffer.capacity());
            int alignment = Math.max(Integer.parseInt(loop.queue("logical_block_size")), (int) Files.getFileStore(node).getBlockSize());
            assertEquals(0, buffer.alignmentOffset(0, alignment), "buffer address modulo " + alignment);
        }
    }

    @Test
    void aMissingDeviceOrAHostWithoutDevicesIsAOneLineError() {
        WorkloadContext missing = new WorkloadContext(host, "loop4095", Path.of("/dev/loop4095"), Profile.QUICK, Clock.systemUTC(),
                System::nanoTime, TRIAL);
        DisktuneException e = assertThrows(DisktuneException.class, () -> new SequentialDirectRead().run(missing));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("/dev/loop4095: no such device; name an existing block device", e.getMessage());

        RootedHost tree = new RootedHost(dir, new org.disktune.host.RefusingCommandRunner("a test"), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "not needed");
        }, Clock.systemUTC(), false);
        WorkloadContext rooted = new WorkloadContext(tree, loop.name(), node, Profile.QUICK, Clock.systemUTC(), System::nanoTime, TRIAL);
        e = assertThrows(DisktuneException.class, () -> new RandomDirectRead(4).run(rooted));
        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertFalse(e.getMessage().contains("\n"));
    }

    /** /sys/block/NAME/stat: reads completed, merged, sectors read, ticks, writes completed, merged, sectors written ... */
    private static long[] stat() throws IOException {
        String[] fields = Files.readString(Path.of("/sys/block", loop.name(), "stat")).strip().split("\\s+");
        long[] values = new long[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = Long.parseLong(fields[i]);
        }
        return values;
    }

    private static byte[] sha256(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
            while (channel.read(buffer) > 0) {
                digest.update(buffer.flip());
                buffer.clear();
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** The live host, recording the cache drops the workloads ask it for. */
    private static final class RecordingHost implements Host {
        private final Host live;
        final List<String> calls = new ArrayList<>();

        RecordingHost(Host live) {
            this.live = live;
        }

        @Override
        public Path root() {
            return live.root();
        }

        @Override
        public CommandRunner commands() {
            return live.commands();
        }

        @Override
        public KernelLogSource kernelLog() {
            return live.kernelLog();
        }

        @Override
        public BlockDevices blockDevices() {
            BlockDevices devices = live.blockDevices();
            return new BlockDevices() {
                @Override
                public long sizeBytes(String device) {
                    return devices.sizeBytes(device);
                }

                @Override
                public long readAheadSectors(String device) {
                    return devices.readAheadSectors(device);
                }

                @Override
                public void setReadAheadSectors(String device, long sectors) {
                    devices.setReadAheadSectors(device, sectors);
                }

                @Override
                public int logicalBlockSize(String device) {
                    return devices.logicalBlockSize(device);
                }

                @Override
                public void flushBuffers(String device) {
                    calls.add("flushBuffers " + device);
                    devices.flushBuffers(device);
                }

                @Override
                public void dropFileCache(String machinePath) {
                    calls.add("dropFileCache " + machinePath);
                    devices.dropFileCache(machinePath);
                }
            };
        }

        @Override
        public Clock clock() {
            return live.clock();
        }

        @Override
        public boolean privileged() {
            return live.privileged();
        }

        @Override
        public boolean live() {
            return true;
        }

        @Override
        public void writeAttribute(String machinePath, String value) {
            throw new UnsupportedOperationException("the workloads change no setting");
        }
    }
}
