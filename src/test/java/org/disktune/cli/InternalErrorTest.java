package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.core.ExitCode;
import org.disktune.host.CrashReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bug in disktune is exit 70 (EX_SOFTWARE) with one line naming a file that holds the stack trace; never exit 4. */
class InternalErrorTest {
    @TempDir
    Path dir;

    @Test
    void anUnexpectedExceptionIsExit70WithItsStackTraceInAFile() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root"));
        CliRun run = CliRun.run(options -> {
            throw new IllegalStateException("host factory bug");
        }, "--root", root.toString(), "detect");

        assertEquals(70, run.exitCode());
        assertEquals(ExitCode.INTERNAL.code(), run.exitCode());
        assertEquals(1, run.err().lines().count(), run.err());
        Matcher m = Pattern.compile("disktune: internal error: java.lang.IllegalStateException: host factory bug, please report it "
                + "with the stack trace in (\\S+disktune-crash-\\S+\\.txt)\n").matcher(run.err());
        assertTrue(m.matches(), run.err());
        Path report = Path.of(m.group(1));
        try {
            // with --root nothing is written to the machine's /var/lib/disktune: the report goes to java.io.tmpdir
            assertEquals(Path.of(System.getProperty("java.io.tmpdir")), report.getParent());
            String text = Files.readString(report);
            assertTrue(text.contains("--root " + root + " detect"), text);
            assertTrue(text.contains("java.lang.IllegalStateException: host factory bug"), text);
            assertTrue(text.contains("\tat org.disktune.cli.InternalErrorTest"), text);
        } finally {
            Files.deleteIfExists(report);
        }
    }

    @Test
    void theReportGoesToTheFirstWritableDirectory() throws IOException {
        Path missing = dir.resolve("no-such-dir");
        Path second = Files.createDirectories(dir.resolve("tmp"));
        Path file = new CrashReport(List.of(missing, second)).write("heading", new RuntimeException("x")).orElseThrow();
        assertEquals(second, file.getParent());
        assertTrue(Files.readString(file).startsWith("heading\n"));
        assertTrue(new CrashReport(List.of(missing)).write("h", new RuntimeException()).isEmpty());
    }
}
