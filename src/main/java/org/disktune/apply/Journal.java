package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * The record of every plan disktune applied or tried to: one JSON file per {@link JournalEntry}
 * in {@value #DIRECTORY}, written atomically, named by the entry id so that names sort by time.
 * The byte copies an entry refers to live in {@value #BACKUPS}{@code /<id>/<machine path>}.
 */
public final class Journal {
    public static final String DIRECTORY = "/var/lib/disktune/journal";
    public static final String BACKUPS = "/var/lib/disktune/backups";

    /** The second of an entry id; in a class of its own so that reading the journal does not initialize java.time's formatting. */
    private static final class IdTime {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    }
    private static final String SUFFIX = ".json";

    private final Host host;
    /** Made when an entry is first written or read: verify with no journal directory loads no Jackson. */
    private ObjectMapper json;

    public Journal(Host host) {
        this.host = host;
    }

    /** Every entry, oldest first. A file that is not a readable entry is an ENVIRONMENT error naming it. */
    public List<JournalEntry> entries() {
        List<JournalEntry> entries = new ArrayList<>();
        for (String name : host.names(DIRECTORY, SUFFIX)) {
            host.requireTrusted(DIRECTORY + "/" + name, "journal entry");
            entries.add(read(host.path(DIRECTORY + "/" + name)));
        }
        return List.copyOf(entries);
    }

    /** True when the journal directory holds a temporary file of the atomic writer (a run was killed saving an entry). */
    boolean hasStrayTemporaries() {
        Path dir = host.path(DIRECTORY);
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try {
            return host.list(dir).stream().map(dir::resolve).anyMatch(org.disktune.host.AtomicFileWriter::isTemporary);
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot list " + DIRECTORY + ": " + MachineState.oneLine(e), e);
        }
    }

    /** The most recent entry, whatever its state. */
    public Optional<JournalEntry> newest() {
        List<JournalEntry> all = entries();
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(all.size() - 1));
    }

    public Optional<JournalEntry> find(String id) {
        return entries().stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /** The machine path of the byte copy entry {@code id} keeps of {@code machinePath}. */
    public static String backupPath(String id, String machinePath) {
        return BACKUPS + "/" + id + machinePath;
    }

    /** A new id after every existing one: the host clock's second in UTC and a sequence number. */
    String nextId() {
        return nextId(entries());
    }

    /** Like {@link #nextId()}, given the entries just read. */
    String nextId(List<JournalEntry> existing) {
        String second = IdTime.FORMAT.format(host.clock().instant());
        int sequence = 1;
        for (JournalEntry entry : existing) {
            String id = entry.id();
            if (id.startsWith(second + "-")) {
                try {
                    sequence = Math.max(sequence, Integer.parseInt(id.substring(second.length() + 1)) + 1);
                } catch (NumberFormatException e) {
                    // not one of ours; its name still sorts, and ours stays unique
                }
            }
        }
        return String.format("%s-%04d", second, sequence);
    }

    void save(JournalEntry entry) {
        byte[] bytes;
        try {
            bytes = json().writeValueAsBytes(entry);
        } catch (IOException e) {
            throw new IllegalStateException("journal entries are plain records", e);
        }
        byte[] withNewline = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        withNewline[bytes.length] = '\n';
        host.files().write(host.node(DIRECTORY + "/" + entry.id() + SUFFIX), withNewline, true);
    }

    private JournalEntry read(Path file) {
        String shown = DIRECTORY + "/" + file.getFileName();
        try {
            JournalEntry entry = json().readValue(host.readAllBytes(file), JournalEntry.class);
            if (entry == null || entry.id() == null || entry.state() == null) {
                throw new IOException("no id or state");
            }
            if (!file.getFileName().toString().equals(entry.id() + SUFFIX)) {
                throw new IOException("its id " + entry.id() + " does not match the file name");
            }
            return entry;
        } catch (IOException e) {
            String cause = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "journal entry " + shown + " is not readable (" + cause + "); move it out of " + DIRECTORY, e);
        }
    }

    private ObjectMapper json() {
        if (json == null) {
            json = org.disktune.core.StateJson.mapper();
        }
        return json;
    }
}
