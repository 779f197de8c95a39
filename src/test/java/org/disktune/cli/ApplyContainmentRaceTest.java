package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import com.sun.jna.Library;
import com.sun.jna.Native;
import org.disktune.core.Sha256;
import org.disktune.host.CommandResult;
import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.testing.GeneratorMachine;
import org.disktune.testing.Trees;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local user's race against a whole {@code apply} under {@code --root}: two threads keep exchanging
 * {@code etc/modprobe.d} and {@code var/lib/disktune} with symbolic links to directories outside the root
 * ({@code renameat2(RENAME_EXCHANGE)}) while {@code apply} runs again and again on a Debian tree whose generator is a
 * fake that writes a real image. Nothing outside the root may ever be created or changed, and every run ends in
 * success or in one clean line (never a Java exception). Bounded in time.
 */
@Tag("fuzz")
class ApplyContainmentRaceTest {
    private static final long MILLIS = Long.getLong("disktune.race.millis", 8_000);
    private static final String FORGED = "20990101T000000Z-0001";
    private static final List<String> KERNELS = List.of("6.1.0-17-amd64", "6.1.0-18-amd64");

    interface Rename extends Library {
        int renameat2(int olddirfd, String oldpath, int newdirfd, String newpath, int flags);
    }

    private static final long BURST_NANOS = 150_000_000;
    private static final long QUIET_NANOS = 250_000_000;
    private static final int AT_FDCWD = -100;
    private static final int RENAME_EXCHANGE = 2;

    @TempDir
    Path temp;

    /** Exchanges each pair of paths with the other, in bursts that end with every path back in place. */
    private static Thread swapper(List<Path[]> pairs, AtomicBoolean stop) {
        Rename calls = Native.load("c", Rename.class);
        Thread thread = new Thread(() -> {
            // runs that fall in a burst meet swaps, runs in a quiet spell apply, on an idle machine and a loaded one alike
            while (!stop.get()) {
                long burstEnd = System.nanoTime() + BURST_NANOS;
                int[] swaps = new int[pairs.size()];
                boolean odd = false;
                while (System.nanoTime() < burstEnd || odd) {
                    odd = false;
                    for (int i = 0; i < pairs.size(); i++) {
                        Path[] pair = pairs.get(i);
                        if (System.nanoTime() < burstEnd || swaps[i] % 2 != 0) {
                            if (calls.renameat2(AT_FDCWD, pair[0].toString(), AT_FDCWD, pair[1].toString(), RENAME_EXCHANGE) == 0) {
                                swaps[i]++;
                            }
                        }
                        odd |= swaps[i] % 2 != 0;
                    }
                    Thread.onSpinWait();
                }
                LockSupport.parkNanos(QUIET_NANOS);
            }
        });
        thread.setDaemon(true);
        return thread;
    }

    /** Every entry below {@code dir} (links not followed) with its content's hash, or its kind. */
    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.toList()) {
                String kind = Files.isSymbolicLink(p) ? "link " + Files.readSymbolicLink(p)
                        : Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir" : Sha256.of(Files.readAllBytes(p));
                out.put(dir.relativize(p).toString(), kind);
            }
        }
        return out;
    }

    private Host host(Path root) {
        RecordingCommandRunner runner = new RecordingCommandRunner();
        for (String v : KERNELS) {
            Path image = root.resolve("boot/initrd.img-" + v);
            runner.on(List.of("update-initramfs", "-u", "-k", v), argv -> { // as the generator in a chroot: the tree's files
                Map<String, byte[]> files = new LinkedHashMap<>();
                files.put("init", ("build of " + v + "\n").getBytes(StandardCharsets.UTF_8));
                try (Stream<Path> listing = Files.list(root.resolve("etc/modprobe.d"))) {
                    for (Path p : listing.sorted().toList()) {
                        if (p.getFileName().toString().endsWith(".conf") && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                            files.put("etc/modprobe.d/" + p.getFileName(), Files.readAllBytes(p));
                        }
                    }
                } catch (IOException e) {
                    return new CommandResult(argv, 1, "", "update-initramfs: " + e.getMessage() + "\n");
                }
                Files.write(image, GeneratorMachine.imageOf(files));
                return new CommandResult(argv, 0, "", "");
            });
        }
        return new RootedHost(root, runner, new FileKernelLog(root.resolve("var/log/dmesg")), Clock.systemUTC(), true);
    }

    @Test
    void swappedDirectoriesNeverLeadApplyOutOfTheRoot() throws Exception {
        Path root = Files.createDirectory(temp.resolve("root"));
        Trees.copy(GeneratorMachine.debian().path("/"), root);
        Files.createDirectories(root.resolve("var/lib/disktune"));
        Files.createDirectories(root.resolve("etc/disktune"));
        Path outside = Files.createDirectory(temp.resolve("outside"));
        Path modprobeOut = Files.createDirectory(outside.resolve("modprobe.d"));
        Files.writeString(modprobeOut.resolve("disktune.conf"), "options sata_nv adma=0\n");
        Files.writeString(modprobeOut.resolve("victim.conf"), "options victim keep=1\n");
        Path stateOut = Files.createDirectories(outside.resolve("state/journal"));
        Files.writeString(stateOut.resolve("victim"), "keep\n");
        // an interrupted entry that is not the tree's: read from outside, apply would act on it (or name it)
        Files.writeString(stateOut.resolve(FORGED + ".json"), "{\"id\":\"" + FORGED + "\",\"description\":\"forged\",\"state\":\"applying\"}\n");
        Map<String, String> before = snapshot(outside);

        Host host = host(root);
        Path config = root.resolve("etc/disktune/disktune.conf");
        Files.writeString(config, "[module sata_nv]\nadma = 1\n");
        CliRun first = CliRun.run(o -> host, "--root", root.toString(), "apply");
        assertEquals(3, first.exitCode(), "without a race the tree is applied: " + first.out() + first.err());

        Path modprobeLink = Files.createSymbolicLink(root.resolve("etc/modprobe.link"), modprobeOut);
        Path stateLink = Files.createSymbolicLink(root.resolve("var/lib/disktune.link"), outside.resolve("state"));
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> swappers = List.of(swapper(List.of(new Path[] {root.resolve("etc/modprobe.d"), modprobeLink},
                new Path[] {root.resolve("var/lib/disktune"), stateLink}), stop));
        swappers.forEach(Thread::start);
        List<String> outcomes = new ArrayList<>();
        try {
            long end = System.currentTimeMillis() + MILLIS;
            for (int run = 0; System.currentTimeMillis() < end; run++) {
                Files.writeString(config, "[module sata_nv]\nadma = " + (run % 2) + "\n");
                CliRun apply = CliRun.run(o -> host, "--root", root.toString(), "apply");
                String said = apply.out() + apply.err();
                assertFalse(said.contains("Exception") || said.contains("\tat "), "run " + run + ": " + said);
                assertFalse(said.contains(FORGED) || said.contains("/proc/self/fd"), "run " + run + ": " + said);
                if (apply.exitCode() != 0 && apply.exitCode() != 3) {
                    // the fake generator's own failure (it lists the swapped directory too) is passed on before disktune's line
                    List<String> own = apply.err().strip().lines().filter(l -> !l.startsWith("update-initramfs: ")).toList();
                    assertEquals(1, own.size(), "run " + run + ": one line: " + apply.err());
                    assertTrue(own.get(0).startsWith("disktune: "), apply.err());
                }
                assertEquals(before, snapshot(outside), "run " + run + " changed something outside the root: " + said);
                outcomes.add(apply.exitCode() + (apply.exitCode() == 0 || apply.exitCode() == 3 ? "" : " " + apply.err().strip()));
            }
        } finally {
            stop.set(true);
            for (Thread t : swappers) {
                t.join();
            }
        }
        assertEquals(before, snapshot(outside));
        assertTrue(outcomes.size() >= 5, "runs " + outcomes);
        assertTrue(outcomes.stream().anyMatch(o -> o.equals("3") || o.equals("0")), "some runs applied: " + outcomes);
        assertTrue(outcomes.stream().anyMatch(o -> o.startsWith("4 ")), "some runs met a swap: " + outcomes);
    }
}
