package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** detect must work read-only for an unprivileged user: run it as uid 65534 in a child JVM. */
class NonRootDetectTest {
    @Test
    void detectWorksAsAnUnprivilegedUser(@TempDir Path tmp) throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> command = new ArrayList<>();
        String classpath = System.getProperty("java.class.path");
        if (root) {
            // the unprivileged user cannot read /root/.m2 or the build dir: give it a world-readable copy
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            List<String> copied = new ArrayList<>();
            int i = 0;
            for (String entry : classpath.split(File.pathSeparator)) {
                Path source = Path.of(entry);
                if (!Files.exists(source)) {
                    continue;
                }
                Path target = tmp.resolve("cp" + i++);
                copyTree(source, target);
                copied.add(target.toString());
            }
            classpath = String.join(File.pathSeparator, copied);
            command.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classpath, "org.disktune.cli.Main", "detect", "--json"));
        Process p = new ProcessBuilder(command).directory(tmp.toFile()).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertTrue(out.contains("\"schema_version\" : 1"), out);
        try (Stream<Path> blocks = Files.list(Path.of("/sys/block"))) {
            blocks.forEach(b -> assertTrue(out.contains("\"name\" : \"" + b.getFileName() + "\""), b.toString()));
        }
    }

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = target.resolve(source.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }
}
