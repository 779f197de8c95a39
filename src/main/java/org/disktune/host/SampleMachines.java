package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.Utf8;

/**
 * The sample machines bundled in the jar: {@code /org/disktune/samples/index.tsv} lists them
 * ({@code name<TAB>one-line description}, in display order; lines starting with # and empty lines
 * are ignored) and {@code /org/disktune/samples/NAME.machine} holds each one. {@link #materialize}
 * turns a sample into the root of a fresh in-memory (Jimfs, unix, posix view) file system that the
 * whole tool can run against, exactly like a {@code --root DIR}.
 */
public final class SampleMachines {
    /** The directory of the bundled samples on the class path. */
    public static final String RESOURCE_DIR = "/org/disktune/samples/";
    /** Numbers the in-memory file systems of this JVM: each needs its own name (its URI). */
    private static final AtomicLong FILE_SYSTEMS = new AtomicLong();
    /**
     * Jimfs' unit of file storage, in bytes: most files of a sample are one-line sysfs attributes, and every file takes
     * at least one block (Jimfs' default of 8192 makes qemu-ahci's 1,466 files 12 MB of heap; 64 makes them 0.1 MB).
     */
    static final int BLOCK_SIZE = 64;

    /** One bundled sample: its name (for {@code --sample NAME}) and a one-line description. */
    public record Sample(String name, String description) {
        public Sample {
            Objects.requireNonNull(name);
            Objects.requireNonNull(description);
        }
    }

    /** The bundled samples in display order, as index.tsv lists them. */
    public List<Sample> list() {
        List<String> lines = text("index.tsv").lines().toList();
        Set<String> names = new HashSet<>();
        List<Sample> samples = new ArrayList<>();
        for (int k = 0; k < lines.size(); k++) {
            String line = lines.get(k);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields.length != 2 || !isName(fields[0]) || fields[1].isBlank() || !names.add(fields[0])) {
                throw new IllegalStateException("bundled " + RESOURCE_DIR + "index.tsv line " + (k + 1) + " is malformed: " + line);
            }
            samples.add(new Sample(fields[0], fields[1]));
        }
        return List.copyOf(samples);
    }

    /** The entries of sample {@code name}; an unknown name is a USAGE error. */
    public List<MachineEntry> entries(String name) {
        if (list().stream().noneMatch(sample -> sample.name().equals(name))) {
            throw new DisktuneException(ExitCode.USAGE, "unknown sample '" + name + "'; run 'disktune --sample' to list them");
        }
        return MachineFileParser.parse(name, text(name + ".machine"));
    }

    /** A sample's name: {@code [a-z0-9][a-z0-9.-]*}. */
    static boolean isName(String s) {
        return NamePattern.NAME.matcher(s).matches();
    }

    private static final class NamePattern {
        static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.-]*");
    }

    /** A fresh Jimfs holding sample {@code name}; returns its root directory ("/"). */
    public Path materialize(String name) {
        return newJimfsRoot(entries(name));
    }

    /**
     * A fresh Jimfs (unix, posix attribute view) holding {@code entries} and nothing else (its working
     * directory is "/", not Jimfs' default "/work"); returns its root directory.
     */
    public static Path newJimfsRoot(List<MachineEntry> entries) {
        Configuration configuration = Configuration.unix().toBuilder()
                .setAttributeViews("basic", "posix")
                .setWorkingDirectory("/")
                .setBlockSize(BLOCK_SIZE)
                .build();
        // Named, not Jimfs' random name: that is a random UUID, whose SecureRandom set-up was 5% of a sample's start.
        Path root = Jimfs.newFileSystem("disktune-sample-" + FILE_SYSTEMS.incrementAndGet(), configuration).getPath("/");
        createTree(entries, root);
        return root;
    }

    /**
     * Creates {@code entries} below {@code root} (directories, files with their bytes and modes, symlinks as written).
     * A file of the default mode (0644) keeps the mode the file system gives it: 0644 in the samples' Jimfs.
     */
    public static void createTree(List<MachineEntry> entries, Path root) {
        // Each directory made once, top down, and remembered by its path in the sample: no exception on the way
        // (Files.createDirectories of a path whose parent is missing throws and catches one per level) and no
        // parsing of a whole path per entry (a Jimfs path is split and joined by Guava).
        Map<String, Path> made = new HashMap<>();
        made.put("", root);
        try {
            for (MachineEntry entry : entries) {
                String path = entry.path();
                if (entry instanceof MachineEntry.Dir) {
                    directory(path, made);
                    continue;
                }
                int slash = path.lastIndexOf('/');
                Path p = directory(path.substring(0, slash), made).resolve(path.substring(slash + 1));
                if (entry instanceof MachineEntry.FileEntry file) {
                    Files.write(p, file.content());
                    if (!file.mode().equals(org.disktune.core.FileMode.DEFAULT)) {
                        Files.setPosixFilePermissions(p, file.mode().permissions());
                    }
                } else if (entry instanceof MachineEntry.Link link) {
                    Files.createSymbolicLink(p, p.getFileSystem().getPath(link.target()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The directory at sample path {@code dir} ("" is the root), made with its missing parents unless made already. */
    private static Path directory(String dir, Map<String, Path> made) throws IOException {
        Path p = made.get(dir);
        if (p != null) {
            return p;
        }
        int slash = dir.lastIndexOf('/');
        p = directory(dir.substring(0, slash), made).resolve(dir.substring(slash + 1));
        try {
            Files.createDirectory(p);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(p)) { // as Files.createDirectories: a directory, or a link to one, may be there
                throw e;
            }
        }
        made.put(dir, p);
        return p;
    }

    private String text(String resource) {
        try (InputStream in = SampleMachines.class.getResourceAsStream(RESOURCE_DIR + resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled resource " + RESOURCE_DIR + resource + " is missing from the jar");
            }
            return Utf8.strict(in.readAllBytes());
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("bundled resource " + RESOURCE_DIR + resource + " is not UTF-8 text", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
