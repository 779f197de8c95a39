package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

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
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.-]*");

    /** One bundled sample: its name (for {@code --sample NAME}) and a one-line description. */
    public record Sample(String name, String description) {
        public Sample {
            Objects.requireNonNull(name);
            Objects.requireNonNull(description);
        }
    }

    /** The bundled samples in display order, as index.tsv lists them. */
    public List<Sample> list() {
        String index = text("index.tsv");
        List<Sample> samples = new ArrayList<>();
        Set<String> names = new HashSet<>();
        String[] lines = index.split("\n");
        for (int k = 0; k < lines.length; k++) {
            String line = lines[k];
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields.length != 2 || !NAME.matcher(fields[0]).matches() || fields[1].isBlank() || !names.add(fields[0])) {
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
                .build();
        Path root = Jimfs.newFileSystem(configuration).getPath("/");
        createTree(entries, root);
        return root;
    }

    /** Creates {@code entries} below {@code root} (directories, files with their bytes, symlinks as written). */
    public static void createTree(List<MachineEntry> entries, Path root) {
        Set<Path> made = new HashSet<>();
        try {
            for (MachineEntry entry : entries) {
                Path p = root.resolve(entry.path().substring(1));
                if (made.add(p.getParent())) {
                    Files.createDirectories(p.getParent());
                }
                if (entry instanceof MachineEntry.Dir) {
                    Files.createDirectories(p);
                } else if (entry instanceof MachineEntry.FileEntry file) {
                    Files.write(p, file.content());
                } else if (entry instanceof MachineEntry.Link link) {
                    Files.createSymbolicLink(p, p.getFileSystem().getPath(link.target()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String text(String resource) {
        try (InputStream in = SampleMachines.class.getResourceAsStream(RESOURCE_DIR + resource)) {
            if (in == null) {
                throw new IllegalStateException("bundled resource " + RESOURCE_DIR + resource + " is missing from the jar");
            }
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(in.readAllBytes()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("bundled resource " + RESOURCE_DIR + resource + " is not UTF-8 text", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
