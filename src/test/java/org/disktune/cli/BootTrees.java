package org.disktune.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.CommandResult;
import org.disktune.host.LiveTree;
import org.disktune.host.RecordingCommandRunner;

/**
 * Test trees for the boot loader writers: files written by machine path, a fake boot loader program (a shell script of
 * src/test/resources/boot) installed in the tree's /usr/bin and run with the argument list disktune gives, and a
 * snapshot of every file to compare byte for byte.
 */
final class BootTrees {
    private BootTrees() {
    }

    static void write(Path root, String machinePath, String text) throws IOException {
        Path p = root.resolve(machinePath.substring(1));
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
    }

    static String read(Path root, String machinePath) throws IOException {
        return Files.readString(root.resolve(machinePath.substring(1)), StandardCharsets.ISO_8859_1);
    }

    /**
     * The tree as the running machine, its program {@code name} the script {@code resource} in /usr/bin, or not
     * installed at all when {@code installed} is false.
     */
    static LiveTree withProgram(Path root, String name, String resource, boolean installed) throws IOException {
        if (installed) {
            Path script = root.resolve("usr/bin").resolve(name);
            Files.createDirectories(script.getParent());
            try (InputStream in = BootTrees.class.getResourceAsStream(resource)) {
                Files.write(script, in.readAllBytes());
            }
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        RecordingCommandRunner programs = new RecordingCommandRunner().onProgram(name, argv -> runInTree(root, argv));
        if (!installed) {
            programs.without(name);
        }
        return new LiveTree(root, () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log in this test");
        }, programs, true);
    }

    private static CommandResult runInTree(Path root, List<String> argv) throws IOException {
        List<String> command = new ArrayList<>(argv);
        command.set(0, root.resolve("usr/bin").resolve(argv.get(0)).toString());
        Process p = new ProcessBuilder(command).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            return new CommandResult(argv, p.waitFor(), out, err);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** disktune with {@code args} against {@code host} (a tree from {@link #withProgram}). */
    static CliRun run(LiveTree host, String... args) {
        return CliRun.run(o -> host, args);
    }

    /** Every regular file of the tree (but disktune's state) with its bytes. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String machine = "/" + root.relativize(p);
                if (!machine.startsWith("/var/lib/disktune/") && !machine.startsWith("/run/")) {
                    files.put(machine, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
                }
            }
        }
        return files;
    }
}
