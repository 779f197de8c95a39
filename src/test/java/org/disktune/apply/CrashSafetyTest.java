package org.disktune.apply;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.AtomicFileWriter;
import org.disktune.host.Host;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM that applies and rolls back a plan on a --root tree (see {@link CrashChild}) with
 * SIGKILL at random moments, and checks after each kill that every file is its old or its new version
 * byte for byte, every attribute its old or new value, the journal readable, and that {@code rollback}
 * without force brings everything back and leaves no temporary file or orphan backup behind. Children
 * are started one ahead (warmed up, waiting on stdin) so that JVM starts overlap the previous run.
 * The tree is on /dev/shm when there is one: a process kill loses no page cache, so tmpfs tests the
 * same thing as a disk, without the fsync cost.
 */
class CrashSafetyTest {
    private static final int KILLS = Integer.getInteger("disktune.crash.kills", 200);

    @TempDir
    Path temp;

    private Path base() throws IOException {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            return Files.createTempDirectory(shm, "disktune-crash");
        }
        return temp;
    }

    private static Process start(String mode, Path root, Path log) throws IOException {
        return start(mode, root, log, "-Xshare:auto");
    }

    /** {@code share}: a class-data-sharing option (an archive of the child's classes makes each start cheaper). */
    private static Process start(String mode, Path root, Path log, String share) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return new ProcessBuilder(java, share, "-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp",
                System.getProperty("java.class.path"), CrashChild.class.getName(), mode, root.toString())
                .redirectError(log.toFile()).start();
    }

    private static String firstLine(Process p, Path log) throws IOException {
        return nextLine(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII)), p, log);
    }

    private static String nextLine(BufferedReader out, Process p, Path log) throws IOException {
        String line = out.readLine();
        if (line == null) {
            throw new AssertionError("child exited " + waitQuietly(p) + ": " + Files.readString(log));
        }
        return line;
    }

    private static int waitQuietly(Process p) {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Tag("crash")
    @Test
    void killedAtAnyMomentEveryFileIsOldOrNewAndRollbackRestoresAll() throws Exception {
        Path base = base();
        Path root = base.resolve("root");
        Files.createDirectories(root);
        CrashChild.setUp(root);
        Host host = CrashChild.host(root);
        Path log = base.resolve("child.log");
        Random random = new Random(Long.getLong("disktune.crash.seed", System.nanoTime()));
        long started = System.nanoTime();
        int strays = 0;
        int interruptedEntries = 0;
        long waited = 0;
        long cycles = 0;
        Path archive = base.resolve("child.jsa");
        Process archiver = start("warm", root, log, "-XX:ArchiveClassesAtExit=" + archive);
        firstLine(archiver, log);
        archiver.waitFor();
        String share = Files.isRegularFile(archive) ? "-XX:SharedArchiveFile=" + archive : "-Xshare:auto";
        Process next = start("loop", root, log, share);
        try {
            for (int kill = 0; kill < KILLS; kill++) {
                Process child = next;
                long readyAt = System.nanoTime();
                BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
                long cycleMillis = Long.parseLong(nextLine(out, child, log).substring("ready ".length()));
                waited += System.nanoTime() - readyAt;
                cycles += cycleMillis;
                OutputStream go = child.getOutputStream();
                go.write('\n');
                go.flush();
                assertEquals("started", nextLine(out, child, log));
                next = start("loop", root, base.resolve("child-next.log"), share);
                Thread.sleep(random.nextInt((int) Math.max(2, cycleMillis * 3 / 2)));
                if (!child.isAlive()) {
                    throw new AssertionError("the child stopped before kill " + kill + " (exit " + child.exitValue() + "): "
                            + Files.readString(log));
                }
                child.destroyForcibly();
                child.waitFor();

                List<JournalEntry> entries = new Journal(host).entries();
                interruptedEntries += (int) entries.stream().filter(e -> e.state() == EntryState.APPLYING).count();
                assertEachFileIsOldOrNew(root, kill);
                strays += temporaries(root).size();

                new RollbackService(host).rollback(Optional.empty(), false, false);

                assertOriginal(root, kill);
                assertEquals(List.of(), temporaries(root), "after kill " + kill + ": temporary files are cleaned by the rollback");
                Set<String> ids = new Journal(host).entries().stream().map(JournalEntry::id).collect(Collectors.toSet());
                Path backups = host.path(Journal.BACKUPS);
                if (Files.isDirectory(backups)) {
                    try (Stream<Path> dirs = Files.list(backups)) {
                        dirs.forEach(d -> assertTrue(ids.contains(d.getFileName().toString()), "orphan backup " + d));
                    }
                }
                new AtomicFileWriter().deleteTree(root.resolve("var/lib/disktune"));
                Files.move(base.resolve("child-next.log"), log, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            next.destroyForcibly();
            next.waitFor();
        }
        System.out.printf("crash test: %d kills, %d interrupted entries, %d stray temporary files cleaned, %.1f s "
                + "(%.1f s waiting for children to start, mean cycle %d ms)%n", KILLS, interruptedEntries, strays,
                (System.nanoTime() - started) / 1e9, waited / 1e9, cycles / KILLS);
        new AtomicFileWriter().deleteTree(base.equals(temp) ? root : base);
    }

    private static final int GENERATOR_KILLS = Integer.getInteger("disktune.crash.generator.kills", 16);

    /**
     * Issue 15, "Done when": a child JVM applies a plan whose program is a {@link FakeGenerator} (two processes writing
     * /boot slowly) and undoes it, forever; it is SIGKILLed at random moments, every other time while the generator
     * writes. After each kill no process of the generator is left, the lock is free, one documented command
     * ({@code undo --force}) recovers, and the tree, /boot included, is byte-identical to before (a hash listing of
     * every file and directory outside disktune's own state). {@code -Ddisktune.crash.generator.kills=N} for more.
     */
    @SuppressWarnings("try") // the lock is taken to show it is free
    @Tag("crash")
    @Test
    void killedDuringTheGeneratorNothingSurvivesAndUndoForceRestoresTheTree() throws Exception {
        Path base = base();
        Path root = Files.createDirectories(base.resolve("root"));
        CrashChild.setUpGenerator(root);
        FakeGenerator generator = FakeGenerator.write(base, root, 12);
        java.util.Map<String, String> before = hashListing(root);
        Host host = CrashChild.generatorHost(root);
        Random random = new Random(Long.getLong("disktune.crash.seed", System.nanoTime()));
        Path log = base.resolve("generator-child.log");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Path partial = root.resolve(FakeGenerator.IMAGE.substring(1) + ".new");
        int duringGenerator = 0;
        try {
            for (int kill = 0; kill < GENERATOR_KILLS; kill++) {
                Process child = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp",
                        System.getProperty("java.class.path"), CrashChild.class.getName(), "generate-loop", root.toString(),
                        generator.script.toString(), generator.marker).redirectError(log.toFile()).start();
                try {
                    BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
                    nextLine(out, child, log);
                    child.getOutputStream().write('\n');
                    child.getOutputStream().flush();
                    assertEquals("started", nextLine(out, child, log));
                    if (kill % 2 == 0) {
                        long deadline = System.currentTimeMillis() + 20_000;
                        while (!Files.exists(partial) && System.currentTimeMillis() < deadline) {
                            Thread.sleep(5);
                        }
                        Thread.sleep(random.nextInt(150));
                    } else {
                        Thread.sleep(random.nextInt(2_500));
                    }
                    assertTrue(child.isAlive(), "the child runs until killed: " + Files.readString(log));
                    if (!generator.survivors().stream().filter(p -> p != child.pid()).toList().isEmpty()) {
                        duringGenerator++;
                    }
                } finally {
                    child.destroyForcibly();
                    child.waitFor();
                }

                assertEquals(List.of(), generator.survivorsAfter(2_000), "after kill " + kill + ": no generator process is left");
                try (org.disktune.host.HostLock lock = org.disktune.host.HostLock.acquire(host)) {
                    // free: acquire would have thrown naming the holder
                }
                new UndoExecutor().undo(host, true);
                assertEquals(before, hashListing(root), "after kill " + kill + " and undo --force: the tree is as before");
                new AtomicFileWriter().deleteTree(root.resolve("var/lib/disktune"));
            }
        } finally {
            generator.killSurvivors();
        }
        System.out.printf("generator crash test: %d kills, %d while the generator ran%n", GENERATOR_KILLS, duringGenerator);
        assertTrue(duringGenerator >= GENERATOR_KILLS / 4, duringGenerator + " kills landed while the generator ran");
        new AtomicFileWriter().deleteTree(base.equals(temp) ? root : base);
    }

    /** Every file's sha256 and every directory, by path, outside disktune's state (/var/lib/disktune, /run). */
    private static java.util.Map<String, String> hashListing(Path root) throws IOException {
        java.util.Map<String, String> listing = new java.util.TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.toList()) {
                String rel = root.relativize(p).toString();
                if (rel.equals("var/lib") || rel.startsWith("var/lib/disktune") || rel.startsWith("run")) {
                    continue;
                }
                listing.put(rel, Files.isDirectory(p) ? "directory" : org.disktune.core.Sha256.ofFile(p));
            }
        }
        return listing;
    }

    private static void assertEachFileIsOldOrNew(Path root, int kill) throws IOException {
        for (int i = 0; i < CrashChild.FILES; i++) {
            Path p = root.resolve(CrashChild.file(i).substring(1));
            assertTrue(Files.exists(p), "after kill " + kill + ": " + CrashChild.file(i) + " is missing");
            byte[] bytes = Files.readAllBytes(p);
            assertTrue(Arrays.equals(bytes, CrashChild.oldBytes(i)) || Arrays.equals(bytes, CrashChild.newBytes(i)),
                    "after kill " + kill + ": " + CrashChild.file(i) + " is neither its old nor its new version (" + bytes.length + " bytes)");
        }
        Path created = root.resolve(CrashChild.CREATED.substring(1));
        if (Files.exists(created)) {
            assertArrayEquals(CrashChild.createdBytes(), Files.readAllBytes(created), "after kill " + kill);
        }
        for (String disk : CrashChild.DISKS) {
            for (String name : List.of("scheduler", "read_ahead_kb", "nr_requests")) {
                String path = CrashChild.attribute(disk, name);
                String text = Files.readString(root.resolve(path.substring(1)));
                assertTrue(CrashChild.attributeVersions(path).contains(text), "after kill " + kill + ": " + path + " reads " + text);
            }
        }
    }

    private static void assertOriginal(Path root, int kill) throws IOException {
        for (int i = 0; i < CrashChild.FILES; i++) {
            assertArrayEquals(CrashChild.oldBytes(i), Files.readAllBytes(root.resolve(CrashChild.file(i).substring(1))),
                    "after kill " + kill + " and rollback: " + CrashChild.file(i));
        }
        assertFalse(Files.exists(root.resolve(CrashChild.CREATED.substring(1))), "after kill " + kill + " and rollback");
        for (String disk : CrashChild.DISKS) {
            for (String name : List.of("scheduler", "read_ahead_kb", "nr_requests")) {
                String path = CrashChild.attribute(disk, name);
                assertEquals(CrashChild.attributeVersions(path).get(0), Files.readString(root.resolve(path.substring(1))),
                        "after kill " + kill + " and rollback: " + path);
            }
        }
    }

    private static List<Path> temporaries(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(AtomicFileWriter::isTemporary).toList();
        }
    }

    /** Two applies at once, in two processes: the second fails on the lock, naming it and the holder's pid. */
    @Test
    void aSecondApplyInAnotherProcessFailsOnTheLockNamingThePid() throws Exception {
        Path root = temp.resolve("root");
        Files.createDirectories(root);
        CrashChild.setUp(root);
        Host host = CrashChild.host(root);
        Process holder = start("lock", root, temp.resolve("lock.log"));
        try {
            assertEquals("locked", firstLine(holder, temp.resolve("lock.log")));
            List<String> before = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(root.resolve("etc"))) {
                walk.forEach(p -> before.add(p.toString()));
            }

            DisktuneException e = assertThrows(DisktuneException.class,
                    () -> new PlanExecutor(PostconditionChecker.NONE).apply(host, CrashChild.plan(), "second"));

            assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
            assertTrue(e.getMessage().startsWith("another disktune is changing this machine: pid " + holder.pid() + " ("), e.getMessage());
            assertTrue(e.getMessage().endsWith(" holds the lock /run/disktune/lock; wait for it to finish (the lock is freed when that "
                    + "process exits; do not delete /run/disktune/lock)"), e.getMessage());
            assertArrayEquals(CrashChild.oldBytes(0), Files.readAllBytes(root.resolve(CrashChild.file(0).substring(1))));
        } finally {
            holder.destroyForcibly();
            holder.waitFor();
        }
        new PlanExecutor(PostconditionChecker.NONE).apply(host, CrashChild.plan(), "after the holder died").orElseThrow();
        assertArrayEquals(CrashChild.newBytes(0), Files.readAllBytes(root.resolve(CrashChild.file(0).substring(1))),
                "a killed holder leaves no stale lock");
    }
}
