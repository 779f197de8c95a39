package org.disktune.initramfs;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Real Debian 12 root file systems with a kernel's modules and one initramfs generator installed,
 * for tests that run the real generators. They are built by {@code src/test/scripts/debian-roots.sh}
 * (debootstrap --variant=minbase bookworm, then apt-get inside the root with chroot) and cached
 * outside the build directory ({@code $DISKTUNE_TEST_ROOTS}, default /var/cache/disktune-test), so
 * only the first run pays; this machine's /etc, /boot and packages are never touched. When the
 * roots cannot be built (not root, no debootstrap, no network) the calling test FAILS with one line
 * saying what is missing. Processes are started here directly: this is test code, outside the
 * ArchUnit rule that keeps ProcessBuilder in org.disktune.host.
 */
public final class RealDebianRoots {
    /** The script that builds the roots, relative to the project directory (Maven's working directory). */
    static final Path SCRIPT = Path.of("src/test/scripts/debian-roots.sh");
    private static final long BUILD_TIMEOUT_MINUTES = 30;
    private static final long RUN_TIMEOUT_MINUTES = 10;

    private RealDebianRoots() {
    }

    /** The generator a root carries (initramfs-tools and dracut conflict as Debian packages; each gets its own root). */
    public enum Generator {
        INITRAMFS_TOOLS, DRACUT,
        /** Arch's mkinitcpio, vendored in src/test/mkinitcpio (Debian has no package). */
        MKINITCPIO;

        String scriptName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** What a program run inside a root printed and returned. */
    public record Run(List<String> argv, int exitCode, String stdout, String stderr) {
        /** Fails the test with the command and the tail of its stderr unless it exited 0. */
        public Run requireSuccess() {
            if (exitCode != 0) {
                fail(String.join(" ", argv) + " exited " + exitCode + ": " + tail(stderr));
            }
            return this;
        }
    }

    /**
     * One cached root.
     *
     * @param dir       the root directory on this machine
     * @param kernel    the installed kernel version (its modules are under /lib/modules/KERNEL)
     * @param microcode the CPU microcode packages installed (empty when the mirror had none)
     */
    public record DebianRoot(Path dir, String kernel, List<String> microcode) {
        /** The path on this machine of an absolute path inside the root. */
        public Path path(String inside) {
            return dir.resolve(inside.replaceFirst("^/+", ""));
        }

        /** A new empty directory under /tmp inside the root; returns its path inside the root. */
        public String scratch() {
            try {
                return "/tmp/" + Files.createTempDirectory(path("/tmp"), "disktune-").getFileName();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Runs argv inside the root (chroot, clean environment). */
        public Run run(String... argv) {
            return runIn(null, false, argv);
        }

        /**
         * Runs argv inside the root with /proc mounted, as dracut needs. The mount lives in a private
         * mount namespace (unshare --mount-proc), so it ends with the process, whatever happens.
         */
        public Run runWithProc(String... argv) {
            return runIn(null, true, argv);
        }

        /** Runs argv inside the root with the working directory workDir (a path inside the root). */
        public Run runIn(String workDir, boolean withProc, String... argv) {
            List<String> command = new ArrayList<>();
            if (withProc) {
                command.addAll(List.of("unshare", "--mount", "--propagation", "private", "--mount-proc=" + path("/proc")));
            }
            command.addAll(List.of("chroot", dir.toString(), "/usr/bin/env", "-i"));
            if (workDir != null) {
                command.addAll(List.of("-C", workDir));
            }
            command.addAll(List.of("PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8"));
            command.addAll(Arrays.asList(argv));
            return execute(command, RUN_TIMEOUT_MINUTES);
        }
    }

    /** The root with the generator, built (once, then cached) if missing; fails the test if it cannot be. */
    public static DebianRoot get(Generator generator) {
        String uid = execute(List.of("id", "-u"), 1).stdout().trim();
        if (!uid.equals("0")) {
            fail("the real-generator tests need root: debootstrap and chroot build Debian 12 roots in "
                    + cacheDir() + " (run the tests as root, as CI does)");
        }
        if (!onPath("debootstrap")) {
            fail("debootstrap is missing: apt-get install -y debootstrap (it builds the Debian 12 roots the real-generator tests use)");
        }
        if (!Files.isRegularFile(SCRIPT)) {
            fail(SCRIPT + " is missing: run the tests from the project directory");
        }
        // the script logs each step with its time ("debian-roots: [42s] installing ..."): shown as it comes, so a
        // first build (minutes) shows progress in the CI log instead of silence
        long start = System.nanoTime();
        System.out.println("RealDebianRoots: the Debian 12 " + generator.scriptName() + " root (cached in " + cacheDir() + "; built if missing)");
        Run built = execute(List.of("bash", SCRIPT.toString(), generator.scriptName()), BUILD_TIMEOUT_MINUTES, true);
        System.out.printf("RealDebianRoots: the %s root is ready after %.1f s%n", generator.scriptName(), (System.nanoTime() - start) / 1e9);
        if (built.exitCode() != 0) {
            fail("cannot build the Debian 12 " + generator.scriptName() + " root: " + tail(built.stderr()));
        }
        Path dir = Path.of(built.stdout().strip().lines().reduce((a, b) -> b).orElseThrow());
        Map<String, String> marker = readMarker(dir.resolve(".disktune-root"));
        String kernel = marker.getOrDefault("kernel", "");
        if (kernel.isEmpty() || !Files.isDirectory(dir.resolve("lib/modules").resolve(kernel))) {
            fail(dir + " names kernel '" + kernel + "' but has no /lib/modules for it: remove " + dir + " to rebuild it");
        }
        String microcode = marker.getOrDefault("microcode", "none");
        return new DebianRoot(dir, kernel, microcode.equals("none") ? List.of() : List.of(microcode.split(" ")));
    }

    private static Path cacheDir() {
        String env = System.getenv("DISKTUNE_TEST_ROOTS");
        return Path.of(env == null || env.isEmpty() ? "/var/cache/disktune-test" : env);
    }

    private static Map<String, String> readMarker(Path marker) {
        try {
            return Files.readAllLines(marker, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains(": "))
                    .collect(Collectors.toMap(l -> l.substring(0, l.indexOf(": ")), l -> l.substring(l.indexOf(": ") + 2), (a, b) -> b));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return Files.isExecutable(Path.of("/usr/sbin", program));
    }

    private static String tail(String stderr) {
        List<String> lines = stderr.strip().lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "(no message)" : lines.get(lines.size() - 1);
    }

    private static Run execute(List<String> argv, long timeoutMinutes) {
        return execute(argv, timeoutMinutes, false);
    }

    /** Runs argv; with echoErr every stderr line is printed to System.out as it arrives (and kept). */
    private static Run execute(List<String> argv, long timeoutMinutes, boolean echoErr) {
        try {
            Path out = Files.createTempFile("disktune-run", ".out");
            Path err = Files.createTempFile("disktune-run", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
                if (echoErr) {
                    builder.redirectError(ProcessBuilder.Redirect.PIPE);
                }
                Process process = builder.start();
                StringBuilder echoed = new StringBuilder();
                Thread echo = null;
                if (echoErr) {
                    echo = new Thread(() -> {
                        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(process.getErrorStream(),
                                StandardCharsets.UTF_8))) {
                            for (String line; (line = r.readLine()) != null; ) {
                                System.out.println("  " + line);
                                System.out.flush();
                                echoed.append(line).append('\n');
                            }
                        } catch (IOException e) {
                            echoed.append("(stderr unreadable: ").append(e.getMessage()).append(")\n");
                        }
                    }, "debian-roots-progress");
                    echo.setDaemon(true);
                    echo.start();
                }
                try {
                    if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
                        process.destroyForcibly().waitFor();
                        fail(String.join(" ", argv) + " did not finish within " + timeoutMinutes + " minutes");
                    }
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                    throw e;
                }
                if (echo != null) {
                    echo.join(10_000);
                }
                return new Run(List.copyOf(argv), process.exitValue(), new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                        echoErr ? echoed.toString() : new String(Files.readAllBytes(err), StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            fail("cannot run " + argv.get(0) + ": " + e.getMessage());
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
