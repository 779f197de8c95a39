package org.disktune.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a real program for a test, with stdin and stdout redirected to files (binary archives do
 * not fit CommandRunner's text output). Lives in org.disktune.host because only this package may
 * start processes.
 */
public record ToolRun(int exitCode, String stderr) {

    /** Runs argv in dir; stdin and stdout may be null (then no input, and output is discarded). */
    public static ToolRun run(Path dir, Path stdin, Path stdout, List<String> argv) {
        ProcessBuilder builder = new ProcessBuilder(argv).directory(dir.toFile());
        builder.redirectInput(stdin == null ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()) : ProcessBuilder.Redirect.from(stdin.toFile()));
        builder.redirectOutput(stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout.toFile()));
        try {
            Path err = Files.createTempFile("toolrun", ".err");
            try {
                builder.redirectError(err.toFile());
                Process process = builder.start();
                if (!process.waitFor(5, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("timed out: " + argv);
                }
                return new ToolRun(process.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs argv as a filter in dir, data on its stdin, and returns its stdout; fails the test when the program is
     * missing (naming the Debian package to install) or exits non-zero.
     */
    public static byte[] filter(Path dir, List<String> argv, byte[] data, String debianPackage) throws IOException {
        org.junit.jupiter.api.Assertions.assertTrue(onPath(argv.get(0)),
                "program '" + argv.get(0) + "' is missing: apt-get install -y " + debianPackage);
        Path in = Files.write(Files.createTempFile(dir, "in", ""), data);
        Path out = Files.createTempFile(dir, "out", "");
        ToolRun run = run(dir, in, out, argv);
        org.junit.jupiter.api.Assertions.assertEquals(0, run.exitCode(), run.stderr());
        return Files.readAllBytes(out);
    }

    /** True when a bare program name is found on PATH. */
    public static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
