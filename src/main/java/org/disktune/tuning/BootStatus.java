package org.disktune.tuning;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.apply.BootIdReader;
import org.disktune.core.DisktuneException;
import org.disktune.host.AtomicFileWriter;
import org.disktune.host.Host;

/**
 * The outcome of the last {@code apply --boot} (disktune.service), kept in {@value #PATH} so that {@code verify} can
 * report it without the systemd journal: when it ran, in which boot, how many settings it had to make again, what it
 * left pending and why it failed. disktune's own state, written atomically; not journaled (it changes no setting).
 */
public final class BootStatus {
    public static final String PATH = "/var/lib/disktune/boot-status.json";

    /** One run: {@code failure} null when it succeeded. */
    public record Run(String time, String bootId, int applied, String journalId, List<String> pending, String failure) {
        public Run {
            pending = pending == null ? List.of() : List.copyOf(pending);
        }

        public boolean ok() {
            return failure == null;
        }
    }

    private static final ObjectMapper JSON = org.disktune.core.StateJson.mapper();

    private final Host host;

    public BootStatus(Host host) {
        this.host = host;
    }

    /** Records a run: {@code result} when it succeeded, else the one-line {@code failure}. */
    void write(DesiredStateService.BootResult result, String failure) {
        Run run = new Run(Instant.now(host.clock()).truncatedTo(ChronoUnit.SECONDS).toString(), BootIdReader.read(host),
                result == null ? 0 : result.applied().changes().size(), result == null ? null : result.journalId(),
                result == null ? List.of() : result.pending(), failure);
        try {
            new AtomicFileWriter().write(host.path(PATH), JSON.writeValueAsBytes(run), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DisktuneException e) {
            // the settings matter more than the record of them; verify will say the status is missing
        }
    }

    /** The last run, empty when the boot unit never ran (or its record cannot be read). */
    public Optional<Run> last() {
        Path p = host.path(PATH);
        if (!Files.isRegularFile(p)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(Files.readAllBytes(p), Run.class));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
