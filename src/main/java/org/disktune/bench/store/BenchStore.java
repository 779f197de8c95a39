package org.disktune.bench.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.bench.BenchResult;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.AtomicFileWriter;
import org.disktune.host.Host;

/**
 * The stored benchmark runs: one JSON file per {@link BenchResult} in {@value #DIRECTORY}, named {@code ID.json},
 * written atomically ({@link AtomicFileWriter}: a reader or a crash sees the old file or the new one, never half of
 * one), in snake_case with {@code schema_version} like the journal. Ids start with the UTC time of the run, so that
 * file names sort oldest first, and end with the device's kernel name ({@link #newId}).
 *
 * <p>Other kinds of stored runs (the tables of {@code disktune tune}) live in subdirectories of {@value #DIRECTORY}, one
 * JSON file per run in the same form ({@link #saveRecord}, {@link #loadRecord}, {@link #listRecords}), so that
 * {@link #list} and everything comparing results never meets them.
 *
 * <p>Results are also read from a JSON file the user names (copied from another machine, or kept elsewhere). A missing
 * or unreadable result is a USAGE error naming it and the fix.
 */
public final class BenchStore {
    public static final String DIRECTORY = "/var/lib/disktune/bench";
    private static final String SUFFIX = ".json";
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    /** What an id may contain: it becomes a file name in {@value #DIRECTORY}. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

    private final Host host;
    private final ObjectMapper json = org.disktune.core.StateJson.mapper();
    private final AtomicFileWriter writer = new AtomicFileWriter();

    public BenchStore(Host host) {
        this.host = host;
    }

    /**
     * A new id for a run started at {@code time} on {@code device} (a kernel name such as sdb or loop3; null when
     * unknown): "20261130T131500Z-sdb". Sorts by time; safe as a file name (anything but letters, digits, '.', '_' and
     * '-' becomes '_').
     */
    public static String newId(Instant time, String device) {
        String name = device == null || device.isBlank() ? "unknown" : UNSAFE.matcher(device).replaceAll("_");
        return ID_TIME.format(time) + "-" + name;
    }

    /**
     * Stores {@code result} as {@value #DIRECTORY}/ID.json and returns the id it was stored under: its own, or a new
     * one from the host clock and its device when it has none; "-2", "-3" ... is appended when another result already
     * has that id, so that no run is ever overwritten.
     */
    public String save(BenchResult result) {
        String id = result.id() == null ? newId(host.clock().instant(), result.device()) : result.id();
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("a benchmark id must be safe as a file name: " + id);
        }
        String unique = id;
        for (int n = 2; Files.exists(file(unique)); n++) {
            unique = id + "-" + n;
        }
        BenchResult stored = unique.equals(result.id()) ? result : result.withId(unique);
        byte[] bytes;
        try {
            bytes = json.writeValueAsBytes(stored);
        } catch (IOException e) {
            throw new IllegalStateException("benchmark results are plain records", e);
        }
        byte[] withNewline = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        withNewline[bytes.length] = '\n';
        writer.write(file(unique), withNewline, true);
        return unique;
    }

    /** True when the store holds a result with this id. */
    public boolean contains(String id) {
        return ID.matcher(id).matches() && Files.isRegularFile(file(id));
    }

    /**
     * The result with this id in the store, or in the JSON file it names (an argument with a '/' or ending in .json:
     * an absolute path is a path of the host's machine, a relative one is relative to the working directory).
     */
    public BenchResult load(String idOrFile) {
        if (contains(idOrFile)) {
            return read(file(idOrFile), DIRECTORY + "/" + idOrFile + SUFFIX, idOrFile);
        }
        if (idOrFile.contains("/") || idOrFile.endsWith(SUFFIX)) {
            Path path = idOrFile.startsWith("/") ? host.path(idOrFile) : host.root().getFileSystem().getPath(idOrFile);
            return loadFile(path, idOrFile);
        }
        throw DisktuneException.usage("no benchmark result " + idOrFile + " in " + DIRECTORY + "; see disktune bench list for the ids, "
                + "or give the path of a result's JSON file");
    }

    /** The result in {@code file}, a file the user named ({@code shown} as they wrote it). */
    public BenchResult loadFile(Path file, String shown) {
        if (!Files.isRegularFile(file)) {
            throw DisktuneException.usage("no benchmark result file " + shown + "; give a JSON file written by disktune bench, "
                    + "or an id from disktune bench list");
        }
        return read(file, shown, null);
    }

    /** Every stored result, oldest first (by the time of the run, then by id). */
    public List<BenchResult> list() {
        List<BenchResult> results = new ArrayList<>();
        for (String id : listRecords(DIRECTORY)) {
            results.add(read(file(id), DIRECTORY + "/" + id + SUFFIX, id));
        }
        results.sort(Comparator.comparing((BenchResult r) -> instant(r.time())).thenComparing(BenchResult::id));
        return List.copyOf(results);
    }

    /**
     * Stores a record of another kind as {@code directory/ID.json} ({@code directory} a machine path under
     * {@value #DIRECTORY}), atomically, under {@code id} or, when a record already has it, {@code id-2}, {@code id-3} ...;
     * {@code withId} gives the record carrying the id it is stored under. Returns that id.
     */
    public String saveRecord(String directory, String id, Function<String, ?> withId) {
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("an id must be safe as a file name: " + id);
        }
        String unique = id;
        for (int n = 2; Files.exists(host.path(directory + "/" + unique + SUFFIX)); n++) {
            unique = id + "-" + n;
        }
        byte[] bytes;
        try {
            bytes = json.writeValueAsBytes(withId.apply(unique));
        } catch (IOException e) {
            throw new IllegalStateException("stored runs are plain records", e);
        }
        byte[] withNewline = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        withNewline[bytes.length] = '\n';
        writer.write(host.path(directory + "/" + unique + SUFFIX), withNewline, true);
        return unique;
    }

    /** True when {@code directory} holds a record with this id. */
    public boolean containsRecord(String directory, String id) {
        return ID.matcher(id).matches() && Files.isRegularFile(host.path(directory + "/" + id + SUFFIX));
    }

    /**
     * The record {@code directory/ID.json} as a {@code type}; {@code what} names the kind in errors ("tune sweep"). A
     * file that is not JSON of that shape is a USAGE error naming it.
     */
    public <T> T loadRecord(String directory, String id, Class<T> type, String what) {
        String shown = directory + "/" + id + SUFFIX;
        if (!containsRecord(directory, id)) {
            throw DisktuneException.usage("no " + what + " " + id + " in " + directory + "; see disktune bench list for the ids");
        }
        try {
            T record = json.readValue(Files.readAllBytes(host.path(shown)), type);
            if (record == null) {
                throw DisktuneException.usage(what + " " + shown + " is not readable (it is empty); move it out of " + directory
                        + " or repair it");
            }
            return record;
        } catch (IOException e) {
            String cause = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new DisktuneException(ExitCode.USAGE, what + " " + shown + " is not readable (" + cause + "); move it out of "
                    + directory + " or repair it", e);
        }
    }

    /** The ids of the records in {@code directory}, sorted (ids start with the time, so oldest first). */
    public List<String> listRecords(String directory) {
        return host.names(directory, SUFFIX).stream().map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList();
    }

    private Path file(String id) {
        return host.path(DIRECTORY + "/" + id + SUFFIX);
    }

    private static Instant instant(String time) {
        try {
            return time == null ? Instant.MIN : Instant.parse(time);
        } catch (DateTimeParseException e) {
            return Instant.MIN;
        }
    }

    /** Reads and checks one result; {@code expectedId} is the id a store file's name gives (null for a user's file). */
    private BenchResult read(Path file, String shown, String expectedId) {
        String fix = expectedId != null ? "move it out of " + DIRECTORY + " or repair it"
                : "give a JSON file written by disktune bench, or an id from disktune bench list";
        BenchResult result;
        try {
            result = json.readValue(Files.readAllBytes(file), BenchResult.class);
        } catch (IOException e) {
            String cause = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new DisktuneException(ExitCode.USAGE, "benchmark result " + shown + " is not readable (" + cause + "); " + fix, e);
        }
        String problem = null;
        if (result == null) {
            problem = "it is empty";
        } else if (result.schemaVersion() > BenchResult.SCHEMA_VERSION) {
            throw DisktuneException.usage("benchmark result " + shown + " has schema_version " + result.schemaVersion()
                    + ", newer than this disktune reads (" + BenchResult.SCHEMA_VERSION + "); compare it with a newer disktune");
        } else if (result.schemaVersion() < 1) {
            problem = "it has no schema_version";
        } else if (result.id() == null) {
            problem = "it has no id";
        } else if (expectedId != null && !expectedId.equals(result.id())) {
            problem = "its id " + result.id() + " does not match the file name";
        } else if (result.workloads().stream().anyMatch(w -> w == null || w.name() == null || w.unit() == null)) {
            problem = "a workload has no name or unit";
        }
        if (problem != null) {
            throw DisktuneException.usage("benchmark result " + shown + " is not readable (" + problem + "); " + fix);
        }
        return result;
    }
}
