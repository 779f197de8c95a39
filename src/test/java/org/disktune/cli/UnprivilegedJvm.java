package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs disktune in a child JVM as an unprivileged user (uid 65534 through setpriv when the tests run
 * as root; as the current user otherwise). The user cannot read the build's classpath under /root,
 * so it gets a world-readable copy in the given directory.
 */
final class UnprivilegedJvm {
    record Result(int code, String out, String err) {
    }

    private UnprivilegedJvm() {
    }

    static Result run(Path workDir, String... args) throws IOException, InterruptedException {
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> command = new ArrayList<>();
        String classpath = System.getProperty("java.class.path");
        if (root) {
            Files.setPosixFilePermissions(workDir, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path copies = workDir.resolve("classpath");
            if (!Files.isDirectory(copies)) {
                List<String> copied = new ArrayList<>();
                int i = 0;
                for (String entry : classpath.split(File.pathSeparator)) {
                    Path source = Path.of(entry);
                    if (Files.exists(source)) {
                        Path target = copies.resolve("cp" + i++);
                        copyTree(source, target);
                        copied.add(target.toString());
                    }
                }
                Files.setPosixFilePermissions(copies, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.writeString(workDir.resolve("classpath.txt"), String.join(File.pathSeparator, copied));
            }
            classpath = Files.readString(workDir.resolve("classpath.txt"));
            command.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath, "org.disktune.cli.Main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(workDir.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Result(p.exitValue(), out, err);
    }

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = target.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.createDirectories(t.getParent());
                    Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
        Files.setPosixFilePermissions(target.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
