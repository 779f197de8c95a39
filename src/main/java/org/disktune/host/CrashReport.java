package org.disktune.host;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * Where an unexpected exception (a bug: exit 70, EX_SOFTWARE of sysexits.h) leaves its stack trace:
 * a new file {@code crash-TIME-PID.txt} in the first of the given directories that exists and is
 * writable. It writes outside any Host on purpose: the report is about the disktune process, not the
 * machine it works on, and must be written even when the Host is what failed.
 */
public final class CrashReport {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final List<Path> directories;

    public CrashReport(List<Path> directories) {
        this.directories = List.copyOf(directories);
    }

    /**
     * The directories for a run: disktune's state directory /var/lib/disktune on the live machine,
     * then java.io.tmpdir; with --root or --sample only java.io.tmpdir, as nothing outside DIR is
     * written for them.
     */
    public static CrashReport forRun(boolean liveMachine) {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        return new CrashReport(liveMachine ? List.of(Path.of("/var/lib/disktune"), tmp) : List.of(tmp));
    }

    /** Writes heading and the stack trace to a new file; empty when no directory took it. Never throws. */
    public Optional<Path> write(String heading, Throwable failure) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            out.println(heading);
            out.println("java " + System.getProperty("java.version") + " on " + System.getProperty("os.name") + " "
                    + System.getProperty("os.version") + ", at " + Instant.now());
            failure.printStackTrace(out);
        }
        String name = "disktune-crash-" + STAMP.format(Instant.now()) + "-" + ProcessHandle.current().pid() + ".txt";
        for (Path dir : directories) {
            try {
                if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
                    continue;
                }
                Path file = dir.resolve(name);
                Files.writeString(file, text.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
                return Optional.of(file);
            } catch (IOException | RuntimeException e) {
                // the next directory
            }
        }
        return Optional.empty();
    }
}
