package org.disktune.apply;

import org.disktune.core.Sha256;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;

/** A test machine: a RootedHost over an in-memory POSIX file system, with a recording runner. */
final class JimfsMachine {
    static final Instant NOW = Instant.parse("2026-11-30T13:15:00Z");

    final FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build());
    final RecordingCommandRunner runner = new RecordingCommandRunner();
    final Host host;

    JimfsMachine() {
        this(Clock.fixed(NOW, ZoneOffset.UTC));
    }

    JimfsMachine(Clock clock) {
        this(null, clock);
    }

    /** The same machine in a directory of the real file system (owners, modes and the umask apply there). */
    JimfsMachine(Path realRoot, Clock clock) {
        Path root = realRoot != null ? realRoot : fs.getPath("/machine");
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        host = new RootedHost(root, runner, () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log in this test");
        }, clock, true);
    }

    Path path(String machinePath) {
        return host.path(machinePath);
    }

    /** The directory entry itself (a last link not followed): for deleting or replacing links. */
    Path node(String machinePath) {
        return host.node(machinePath);
    }

    void write(String machinePath, String text) throws IOException {
        write(machinePath, text.getBytes(StandardCharsets.UTF_8));
    }

    void write(String machinePath, byte[] bytes) throws IOException {
        Path p = path(machinePath);
        Files.createDirectories(p.getParent());
        Files.write(p, bytes);
    }

    byte[] read(String machinePath) throws IOException {
        return Files.readAllBytes(path(machinePath));
    }

    boolean exists(String machinePath) {
        return Files.exists(path(machinePath));
    }

    /** Every regular file under the root as "machine path => content sha256", sorted: a snapshot of the machine. */
    List<String> snapshot() throws IOException {
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(host.root())) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                files.add("/" + host.root().relativize(p) + " => " + Sha256.ofFile(p));
            }
        }
        return files;
    }

    /** Like {@link #snapshot()} but without disktune's own state (journal, backups, lock). */
    List<String> machineFiles() throws IOException {
        return snapshot().stream().filter(s -> !s.startsWith("/var/lib/disktune/") && !s.startsWith("/run/")).toList();
    }
}
