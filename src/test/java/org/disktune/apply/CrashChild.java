package org.disktune.apply;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.HostLock;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;

/**
 * The child JVM of {@link CrashSafetyTest}, and the machine it works on: a --root tree with 16 files
 * under /etc of 100 bytes to ~150 KiB and an emulated sysfs of three disks.
 * <ul>
 * <li>{@code loop ROOT}: warms up (two apply/rollback cycles on a scratch tree, printing
 * "ready MILLIS", the second cycle's time), waits for a line on stdin, then applies {@link #plan()} and rolls it back
 * forever, until it is killed.</li>
 * <li>{@code warm ROOT}: only the warm-up, then exits (run once to archive the loaded classes).</li>
 * <li>{@code lock ROOT}: takes the host lock, prints "locked", and sleeps until killed.</li>
 * <li>{@code generate ROOT SCRIPT MARKER}: prints "started" and applies {@link #generatorPlan} (a drop-in, then the
 * {@link FakeGenerator} run through the real {@link ProcessCommandRunner}) on the tree, then prints "applied".</li>
 * <li>{@code generate-loop ROOT SCRIPT MARKER}: warms up like loop, waits for a line on stdin, then applies
 * {@link #generatorPlan} and undoes it forever.</li>
 * </ul>
 */
public final class CrashChild {
    static final int FILES = 16;
    static final String CREATED = "/etc/disktune-test/created.conf";
    static final List<String> DISKS = List.of("sda", "sdb", "sdc");
    static final String SCHEDULERS_OLD = "[mq-deadline] kyber bfq none\n";
    static final String SCHEDULERS_NEW = "mq-deadline kyber [bfq] none\n";

    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[1]);
        if (args[0].equals("lock")) {
            try (HostLock lock = HostLock.acquire(host(root))) {
                System.out.println("locked");
                System.out.flush();
                Thread.sleep(600_000);
            }
            return;
        }
        if (args[0].equals("generate")) {
            System.out.println("started");
            System.out.flush();
            new PlanExecutor(PostconditionChecker.NONE).apply(generatorHost(root), generatorPlan(args[2], args[3]), "generator test");
            System.out.println("applied");
            return;
        }
        if (args[0].equals("generate-loop")) {
            Host host = generatorHost(root);
            Plan plan = generatorPlan(args[2], args[3]);
            System.out.println("ready 0");
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII)).readLine();
            System.out.println("started");
            System.out.flush();
            while (true) {
                new PlanExecutor(PostconditionChecker.NONE).apply(host, plan, "generator crash test");
                new UndoExecutor().undo(host, false);
            }
        }
        Path warm = Files.createTempDirectory(root.getParent(), "warm");
        setUp(warm);
        cycle(host(warm));
        long start = System.nanoTime();
        cycle(host(warm));
        long millis = (System.nanoTime() - start) / 1_000_000;
        new org.disktune.host.AtomicFileWriter().deleteTree(warm);
        System.out.println("ready " + millis);
        System.out.flush();
        if (args[0].equals("warm")) {
            return;
        }
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII)).readLine();
        Host host = host(root);
        System.out.println("started");
        System.out.flush();
        while (true) {
            cycle(host);
        }
    }

    static void cycle(Host host) {
        new PlanExecutor(PostconditionChecker.NONE).apply(host, plan(), "crash test apply");
        new RollbackService(host).rollback(Optional.empty(), false, false);
    }

    static Host host(Path root) {
        return new RootedHost(root, new RecordingCommandRunner(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log");
        }, Clock.systemUTC(), true);
    }

    static final String DROP_IN = "/etc/initramfs-tools/conf.d/disktune";
    static final byte[] DROP_IN_BYTES = "# written by the crash test\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] OLD_IMAGE = "the image before the change\n".getBytes(StandardCharsets.US_ASCII);

    /** A tree for the generator tests: the old image in /boot and an empty /var/tmp. */
    static void setUpGenerator(Path root) throws IOException {
        write(root, FakeGenerator.IMAGE, OLD_IMAGE);
        Files.createDirectories(root.resolve("var/tmp"));
        Files.createDirectories(root.resolve("etc/initramfs-tools/conf.d"));
    }

    static Host generatorHost(Path root) {
        return new RootedHost(root, new org.disktune.host.ProcessCommandRunner(), () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log");
        }, Clock.systemUTC(), true);
    }

    /** Writes a drop-in, then runs the fake generator ({@code script marker}), which rewrites the image. */
    static Plan generatorPlan(String script, String marker) {
        return new Plan(List.of(new WriteFile(DROP_IN, null, DROP_IN_BYTES, "drop-in"),
                new RunProgram(List.of(script, marker), "rebuild the initramfs", List.of(FakeGenerator.IMAGE))));
    }

    static String file(int i) {
        return "/etc/disktune-test/" + (i % 2 == 0 ? "a" : "b") + "/file" + i + ".conf";
    }

    static byte[] oldBytes(int i) {
        return bytes(i, 100 + (i * i * 997) % 150_000);
    }

    static byte[] newBytes(int i) {
        return bytes(1000 + i, 50 + (i * 7919) % 120_000);
    }

    static byte[] createdBytes() {
        return "created by the crash test\n".getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] bytes(int seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static String attribute(String disk, String name) {
        return "/sys/block/" + disk + "/queue/" + name;
    }

    static void setUp(Path root) throws IOException {
        for (int i = 0; i < FILES; i++) {
            write(root, file(i), oldBytes(i));
        }
        for (String disk : DISKS) {
            write(root, attribute(disk, "scheduler"), SCHEDULERS_OLD.getBytes(StandardCharsets.US_ASCII));
            write(root, attribute(disk, "read_ahead_kb"), "128\n".getBytes(StandardCharsets.US_ASCII));
            write(root, attribute(disk, "nr_requests"), "64\n".getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static void write(Path root, String machinePath, byte[] bytes) throws IOException {
        Path p = root.resolve(machinePath.substring(1));
        Files.createDirectories(p.getParent());
        Files.write(p, bytes);
    }

    /** Attributes, files, the created file, more attributes: so kills land between every kind of step. */
    static Plan plan() {
        List<Change> changes = new ArrayList<>();
        changes.add(new WriteAttribute(attribute("sda", "scheduler"), "sda", null, "mq-deadline", "bfq", "sched"));
        changes.add(new WriteAttribute(attribute("sda", "read_ahead_kb"), "sda", null, "128", "4096", "ra"));
        for (int i = 0; i < FILES; i++) {
            changes.add(new WriteFile(file(i), oldBytes(i), newBytes(i), "file " + i));
            if (i == FILES / 2) {
                changes.add(new WriteAttribute(attribute("sdb", "scheduler"), "sdb", null, "mq-deadline", "bfq", "sched"));
                changes.add(new WriteFile(CREATED, null, createdBytes(), "created"));
            }
        }
        for (String disk : List.of("sdb", "sdc")) {
            changes.add(new WriteAttribute(attribute(disk, "read_ahead_kb"), disk, null, "128", "4096", "ra"));
            changes.add(new WriteAttribute(attribute(disk, "nr_requests"), disk, null, "64", "256", "nr"));
        }
        changes.add(new WriteAttribute(attribute("sdc", "scheduler"), "sdc", null, "mq-deadline", "bfq", "sched"));
        changes.add(new WriteAttribute(attribute("sda", "nr_requests"), "sda", null, "64", "256", "nr"));
        return new Plan(changes);
    }

    /** The attribute's old and new content, as the emulated kernel writes them. */
    static List<String> attributeVersions(String path) {
        if (path.endsWith("/scheduler")) {
            return List.of(SCHEDULERS_OLD, SCHEDULERS_NEW);
        }
        return path.endsWith("/read_ahead_kb") ? List.of("128\n", "4096\n") : List.of("64\n", "256\n");
    }
}
