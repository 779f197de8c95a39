package org.disktune.packaging;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RealDebianRoots.Run;

/**
 * What the package tests share: the .deb of this build, apt inside a disposable root with the downloaded
 * .debs kept between runs (beside the cached roots, so only the first run downloads a JRE), and programs
 * run on this machine (lintian, ansible-playbook). Test code: processes are started here directly.
 */
final class DebTestSupport {
    private DebTestSupport() {
    }

    /** The .deb of this build; fails unless exactly one target/disktune_VERSION_all.deb is there. */
    static Path deb() {
        try (Stream<Path> target = Files.list(Path.of("target"))) {
            List<Path> debs = target.filter(p -> p.getFileName().toString().matches("disktune_.*_all\\.deb")).toList();
            if (debs.size() != 1) {
                fail("expected one target/disktune_VERSION_all.deb, found " + debs + ": run mvn package (this test runs after it, in verify)");
            }
            return debs.get(0).toAbsolutePath();
        } catch (IOException e) {
            fail("no target/ directory: run mvn package first");
            throw new UncheckedIOException(e);
        }
    }

    /** Where the .debs apt downloads into copies of {@code cached} are kept between runs. */
    static Path archiveCache(DebianRoot cached) {
        return cached.dir().getParent().resolve("apt-archives-" + cached.dir().getFileName());
    }

    /** apt-get ARGS inside the root (noninteractive, /proc mounted); fails the test unless it exits 0. */
    static void apt(DebianRoot root, String... args) {
        List<String> argv = new ArrayList<>(List.of("env", "DEBIAN_FRONTEND=noninteractive", "apt-get"));
        argv.addAll(List.of(args));
        root.runWithProc(argv.toArray(String[]::new)).requireSuccess();
    }

    /** Copies the .debs of one archive directory that the other lacks. */
    static void copyDebs(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        Files.createDirectories(to);
        try (Stream<Path> debs = Files.list(from)) {
            for (Path d : debs.filter(p -> p.getFileName().toString().endsWith(".deb")).toList()) {
                if (!Files.exists(to.resolve(d.getFileName()))) {
                    Files.copy(d, to.resolve(d.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /** dpkg's state of the disktune package inside the root: installed, config-files, not-installed. */
    static String status(DebianRoot root) {
        Run query = root.run("dpkg-query", "-W", "-f", "${db:Status-Status}", "disktune");
        return query.exitCode() == 0 ? query.stdout().strip() : "not-installed";
    }

    /** Fails the test naming the Debian package to install when {@code program} is not on this machine. */
    static void requireProgram(String program, String debianPackage) {
        if (!Files.isExecutable(Path.of("/usr/bin", program))) {
            fail(program + " is missing: apt-get install -y " + debianPackage + " (src/test/scripts/install-tools.sh test installs it)");
        }
    }

    /** Runs argv on this machine with extra environment variables, stdout and stderr captured. */
    static Run host(List<String> argv, Map<String, String> env) {
        return host(argv, env, Path.of(""));
    }

    /** Runs argv on this machine in {@code workDir} with extra environment variables, stdout and stderr captured. */
    static Run host(List<String> argv, Map<String, String> env, Path workDir) {
        try {
            Path out = Files.createTempFile("disktune-deb", ".out");
            Path err = Files.createTempFile("disktune-deb", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                        .directory(workDir.toAbsolutePath().toFile());
                builder.environment().putAll(env);
                int code = builder.start().waitFor();
                return new Run(argv, code, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
