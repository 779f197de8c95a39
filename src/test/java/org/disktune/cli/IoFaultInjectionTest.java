package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

import org.disktune.apply.Journal;
import org.disktune.core.Sha256;
import org.disktune.host.AtomicFileWriter;
import org.disktune.host.AtomicFileWriter.Step;
import org.disktune.host.Host;
import org.disktune.host.HostLock;
import org.disktune.host.RootedHost;
import org.disktune.initramfs.image.InitramfsImageReader;
import org.disktune.testing.GeneratorMachine;
import org.disktune.testing.Trees;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * I/O failures injected through the host ({@link Host#files()} with {@link AtomicFileWriter.Faults}) into
 * {@code disktune --root DIR modprobe set} and {@code disktune --root DIR apply}: first a run without faults counts
 * the writer's steps and records the files' new versions; then, for each step n, a fresh run fails exactly that
 * step as the kernel can fail it: write(2) with ENOSPC, fsync(2) with EIO, rename(2) with EIO, unlink(2) with EBUSY.
 * After each: the command exits non-zero with one line naming the cause (never a stack trace), every file of the
 * tree is its old version or its new one byte for byte, the journal reads, the lock is free, no temporary file is
 * left, and {@code rollback} leaves the tree as it was before the command. The same for each writer step of the
 * rollback itself: a rollback that fails part way can be run again and finishes the job. The tree is the bundled sample machine
 * seed-centos5-ide written to disk, whose sysfs and mount table give apply a disk (udev rules, read_ahead_kb) and a
 * mount (the /etc/fstab line) to change.
 */
class IoFaultInjectionTest {
    private static final String CONF = "[disk ide]\nmatch.transport = ide\nread_ahead_kb = 1024\n\n[mount /]\natime = noatime\n\n"
    ;

    private static final String OPTIONS = "etc/modprobe.d/disktune.conf";

    private Path dir;
    private Path root;
    private Function<AtomicFileWriter.Faults, Host> hosts;

    @BeforeEach
    void tree() throws IOException {
        dir = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "disktune-iofault-");
        Trees.copy(SampleRoots.materialize("seed-centos5-ide"), dir);
        Files.createDirectories(dir.resolve("etc/udev/rules.d"));
        Files.createDirectories(dir.resolve("etc/disktune"));
        Files.writeString(dir.resolve("etc/disktune/disktune.conf"), CONF);
        root = dir;
        hosts = faults -> ((RootedHost) Session.defaultHost(new GlobalOptions(dir.toString(), null, false, false, null, false)))
                .withFileFaults(faults);
    }

    @AfterEach
    void clean() {
        new AtomicFileWriter().deleteTree(dir);
    }

    /**
     * modprobe set on an Arch machine (Jimfs) whose mkinitcpio is a fake that writes real images: the options file, the
     * desired-state file, the mkinitcpio drop-in, backups of both images and the journal all go through the writer.
     */
    @Test
    void modprobeSetFailingAtEveryWriteStepLeavesOldOrNewFilesAndRollsBack() throws IOException {
        useArchMachine();
        int injected = injectAtEveryStep("modprobe", "set", "libata", "force=noncq");
        assertTrue(injected >= 6, "modprobe set goes through at least six writer steps, got " + injected);
    }

    /** The Arch machine of GeneratorMachine (Jimfs, a fake mkinitcpio that writes real images) instead of the tree. */
    private void useArchMachine() {
        GeneratorMachine machine = GeneratorMachine.arch();
        root = machine.path("/");
        hosts = faults -> ((RootedHost) machine.host()).withFileFaults(faults);
    }

    @Test
    void applyFailingAtEveryWriteStepLeavesOldOrNewFilesAndRollsBack() throws IOException {
        int injected = injectAtEveryStep("apply");
        assertTrue(injected >= 12, "apply goes through at least twelve writer steps, got " + injected);
    }

    @Test
    void rollbackOfApplyFailingAtEveryWriteStepCanBeRunAgain() throws IOException {
        int injected = injectIntoRollback("apply");
        assertTrue(injected >= 4, "rolling back apply goes through at least four writer steps, got " + injected);
    }

    @Test
    void rollbackOfModprobeSetFailingAtEveryWriteStepCanBeRunAgain() throws IOException {
        useArchMachine();
        int injected = injectIntoRollback("modprobe", "set", "libata", "force=noncq");
        assertTrue(injected >= 4, "rolling back modprobe set goes through at least four writer steps, got " + injected);
    }

    /**
     * Runs {@code command} without faults, then its {@code rollback} once per writer step of the rollback with that step
     * failing: the rollback fails with one line, every file is its version before or after the command, the journal
     * reads, the lock is free, and a second rollback (no faults) brings the tree back. Returns the number of steps.
     */
    private int injectIntoRollback(String... command) throws IOException {
        Map<String, String> before = snapshot();
        CliRun first = run(AtomicFileWriter.Faults.NONE, command);
        assertTrue(first.exitCode() == 0 || first.exitCode() == 3, first.out() + first.err());
        Map<String, String> after = snapshot();
        List<Step> steps = new ArrayList<>();
        CliRun counted = run(ok(steps), "rollback");
        assertTrue(counted.exitCode() == 0 || counted.exitCode() == 3, counted.out() + counted.err());
        assertEquals(before, snapshot(), "the rollback without faults brings the tree back");
        new AtomicFileWriter().deleteTree(host(AtomicFileWriter.Faults.NONE).path("/var/lib/disktune"));

        Map<Step, Integer> counts = new TreeMap<>();
        for (int n = 0; n < steps.size(); n++) {
            Step step = steps.get(n);
            String what = "rollback of " + String.join(" ", command) + ", " + step + " failing at writer step " + n;
            CliRun again = run(AtomicFileWriter.Faults.NONE, command);
            assertTrue(again.exitCode() == 0 || again.exitCode() == 3, what + ": " + again.out() + again.err());
            CliRun failed = run(failAt(n), "rollback");
            assertNotEquals(0, failed.exitCode(), what + ": " + failed.out());
            assertTrue(failed.err().contains(reason(step)), what + ": " + failed.err());
            assertFalse(failed.err().contains("\tat "), what + ": no stack trace: " + failed.err());
            assertEquals(1, failed.err().strip().lines().filter(l -> l.contains(reason(step))).count(), what + ": one line: " + failed.err());
            assertOldOrNewWithJournalAndFreeLock(before, after, what);
            rollBackAndCheck(before, what + ", then rollback again");
            counts.merge(step, 1, Integer::sum);
        }
        System.out.printf("io faults: rollback of %s: %d writer steps failed one at a time %s; each left old-or-new files, a "
                + "readable journal, a free lock, and a second rollback recovered%n", String.join(" ", command), steps.size(), counts);
        return steps.size();
    }

    /** Runs {@code command} once per writer step with that step failing; returns how many steps were failed. */
    private int injectAtEveryStep(String... command) throws IOException {
        Map<String, String> before = snapshot();
        List<Step> steps = new ArrayList<>();
        CliRun clean = run(ok(steps), command);
        assertTrue(clean.exitCode() == 0 || clean.exitCode() == 3, clean.out() + clean.err());
        Map<String, String> after = snapshot();
        assertNotEquals(before, after, "the command changes the tree");
        rollBackAndCheck(before, "the run without faults");

        Map<Step, Integer> counts = new TreeMap<>();
        for (int n = 0; n < steps.size(); n++) {
            Step step = steps.get(n);
            String what = String.join(" ", command) + ", " + step + " failing at writer step " + n;
            CliRun failed = run(failAt(n), command);
            assertNotEquals(0, failed.exitCode(), what + ": " + failed.out());
            assertTrue(failed.err().contains(reason(step)), what + ": " + failed.err());
            assertFalse(failed.err().contains("\tat "), what + ": no stack trace: " + failed.err());

            assertOldOrNewWithJournalAndFreeLock(before, after, what);
            rollBackAndCheck(before, what);
            counts.merge(step, 1, Integer::sum);
        }
        System.out.printf("io faults: %s: %d writer steps failed one at a time %s; each left old-or-new files, a readable "
                + "journal, a free lock, and rolled back%n", String.join(" ", command), steps.size(), counts);
        return steps.size();
    }

    /** Every file is its version before or after the command byte for byte, the journal reads and the lock is free. */
    private void assertOldOrNewWithJournalAndFreeLock(Map<String, String> before, Map<String, String> after, String what) throws IOException {
        Map<String, String> now = snapshot();
        for (String file : union(before, now, after)) {
            String sha = now.get(file);
            assertTrue(Objects.equals(sha, before.get(file)) || Objects.equals(sha, after.get(file)) || newImage(file, after),
                    what + ": " + file + " is neither its old nor its new version");
        }
        Host host = host(AtomicFileWriter.Faults.NONE);
        new Journal(host).entries();
        HostLock.acquire(host).close();
    }

    private void rollBackAndCheck(Map<String, String> before, String what) throws IOException {
        CliRun rollback = run(AtomicFileWriter.Faults.NONE, "rollback");
        assertTrue(rollback.exitCode() == 0 || rollback.exitCode() == 3, what + ": " + rollback.out() + rollback.err());
        assertEquals(before, snapshot(), what + ": rollback brings the tree back");
        try (Stream<Path> walk = Files.walk(root)) {
            assertEquals(List.of(), walk.filter(AtomicFileWriter::isTemporary).toList(), what + ": no temporary file is left");
        }
        new AtomicFileWriter().deleteTree(host(AtomicFileWriter.Faults.NONE).path("/var/lib/disktune"));
    }

    private CliRun run(AtomicFileWriter.Faults faults, String... command) {
        // the Jimfs machine is handed to the command line as its host; a tree on disk is named with --root as a user would
        List<String> args = new ArrayList<>(root.getFileSystem().equals(java.nio.file.FileSystems.getDefault())
                ? List.of("--root", root.toString()) : List.of());
        args.addAll(List.of(command));
        Host host = hosts.apply(faults);
        return CliRun.run(options -> host, args.toArray(String[]::new));
    }

    private Host host(AtomicFileWriter.Faults faults) {
        return hosts.apply(faults);
    }

    private static AtomicFileWriter.Faults ok(List<Step> steps) {
        return (step, file) -> steps.add(step);
    }

    private static AtomicFileWriter.Faults failAt(int n) {
        AtomicInteger calls = new AtomicInteger();
        return (step, file) -> {
            if (calls.getAndIncrement() == n) {
                throw new FileSystemException(file.toString(), null, reason(step));
            }
        };
    }

    /** The kernel's text (strerror) for what each step fails with. */
    private static String reason(Step step) {
        return switch (step) {
            case WRITE -> "No space left on device";
            case FSYNC, RENAME -> "Input/output error";
            case UNLINK -> "Device or resource busy";
        };
    }

    /** Every regular file of the tree outside disktune's own state, by content hash. */
    private Map<String, String> snapshot() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String rel = root.relativize(p).toString();
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !rel.startsWith("var/lib/disktune") && !rel.startsWith("run/")) {
                    out.put(rel, Sha256.of(Files.readAllBytes(p)));
                }
            }
        }
        return out;
    }

    /**
     * An initramfs image the (fake) generator rebuilt: its bytes differ from build to build, so its new version is one
     * that holds the new options file.
     */
    private boolean newImage(String file, Map<String, String> after) throws IOException {
        if (!file.startsWith("boot/") || !file.endsWith(".img") || !Files.exists(root.resolve(file))) {
            return false;
        }
        ByteArrayOutputStream options = new ByteArrayOutputStream();
        return new InitramfsImageReader().copyTo(root.resolve(file), OPTIONS, options)
                && Sha256.of(options.toByteArray()).equals(after.get(OPTIONS));
    }

    @SafeVarargs
    private static List<String> union(Map<String, String>... maps) {
        TreeMap<String, String> all = new TreeMap<>();
        for (Map<String, String> m : maps) {
            all.putAll(m);
        }
        return new ArrayList<>(all.keySet());
    }
}
