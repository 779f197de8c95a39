package org.disktune.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A fake {@link CommandRunner} for tests: records every argv, and answers from a script keyed by
 * the exact argv (unscripted commands succeed with no output). A script can also change files
 * first, e.g. a fake mkinitcpio that writes a new image into the test root.
 */
public final class RecordingCommandRunner implements CommandRunner {
    /** What a scripted command does. */
    @FunctionalInterface
    public interface Script {
        CommandResult run(List<String> argv) throws IOException;
    }

    private final List<List<String>> calls = new ArrayList<>();
    private final Map<List<String>, Script> scripts = new LinkedHashMap<>();
    private final Map<String, Script> byProgram = new LinkedHashMap<>();
    private final Set<String> missing = new HashSet<>();

    public RecordingCommandRunner on(List<String> argv, Script script) {
        scripts.put(List.copyOf(argv), script);
        return this;
    }

    /** Every run of {@code program}, whatever its arguments, does what {@code script} does (an exact {@link #on} wins). */
    public RecordingCommandRunner onProgram(String program, Script script) {
        byProgram.put(program, script);
        return this;
    }

    /** {@code argv} exits with {@code exitCode} and prints {@code stdout}/{@code stderr}. */
    public RecordingCommandRunner exits(List<String> argv, int exitCode, String stdout, String stderr) {
        return on(argv, a -> new CommandResult(a, exitCode, stdout, stderr));
    }

    /** {@code argv} writes {@code bytes} to {@code file} (a path in the test root), then exits with {@code exitCode}. */
    public RecordingCommandRunner writes(List<String> argv, Path file, byte[] bytes, int exitCode, String stderr) {
        return on(argv, a -> {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
            return new CommandResult(a, exitCode, "", stderr);
        });
    }

    /** Makes {@link #available(String)} answer false for {@code program}. */
    public RecordingCommandRunner without(String program) {
        missing.add(program);
        return this;
    }

    public List<List<String>> calls() {
        return List.copyOf(calls);
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        calls.add(List.copyOf(argv));
        Script script = scripts.getOrDefault(argv, argv.isEmpty() ? null : byProgram.get(argv.get(0)));
        if (script == null) {
            return new CommandResult(argv, 0, "", "");
        }
        try {
            return script.run(List.copyOf(argv));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean available(String program) {
        return !missing.contains(program);
    }
}
