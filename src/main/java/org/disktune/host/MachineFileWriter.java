package org.disktune.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.core.FileMode;
import org.disktune.core.Utf8;

/**
 * Writes a directory tree (any root: the default file system or Jimfs) as a {@code .machine} file,
 * sorted by path. Regular files become {@code PATH = VALUE} when they are one line of text ending
 * in one newline (and the value does not start with a space), {@code PATH <<TAG} for other text
 * ending in a newline (TAG is EOF, or EOF_n when a line of the content is EOF), and
 * {@code PATH base64 DATA} for everything else (binary, no final newline, empty), each with {@code mode=NNNN}
 * after the path when its mode is not 0644. Directories are
 * written only when empty (parents are implied); symlinks as {@code PATH -> TARGET} without
 * following them. Writing what {@link MachineFileParser} parsed and
 * {@link SampleMachines#createTree} created gives the same text again, byte for byte.
 */
public final class MachineFileWriter {
    private MachineFileWriter() {
    }

    /** The tree under {@code root} as a {@code .machine} text without comments. */
    public static String write(Path root) {
        return write(entries(root), List.of());
    }

    /** The tree under {@code root} as a {@code .machine} text headed by {@code comments} (one "# " line each). */
    public static String write(Path root, List<String> comments) {
        return write(entries(root), comments);
    }

    /** The entries, sorted by path, headed by {@code comments} and an empty line when there are comments. */
    public static String write(List<MachineEntry> entries, List<String> comments) {
        StringBuilder out = new StringBuilder();
        for (String comment : comments) {
            for (String line : comment.split("\n", -1)) {
                out.append(line.isEmpty() ? "#" : "# " + line).append('\n');
            }
        }
        if (!comments.isEmpty()) {
            out.append('\n');
        }
        List<MachineEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(MachineEntry::path));
        for (MachineEntry entry : sorted) {
            checkPath(entry.path());
            if (entry instanceof MachineEntry.Dir dir) {
                out.append(dir.path()).append("/\n");
            } else if (entry instanceof MachineEntry.Link link) {
                if (link.target().isEmpty() || link.target().indexOf('\n') >= 0 || link.target().indexOf('\r') >= 0) {
                    throw new IllegalArgumentException("cannot write link target of " + link.path() + ": " + link.target());
                }
                out.append(link.path()).append(" -> ").append(link.target()).append('\n');
            } else if (entry instanceof MachineEntry.FileEntry file) {
                appendFile(out, file.path() + (file.mode().equals(FileMode.DEFAULT) ? "" : " " + MachineFileParser.MODE + file.mode()),
                        file.content());
            }
        }
        return out.toString();
    }

    /** Reads the tree under {@code root} without following symlinks: files, links and empty directories. */
    public static List<MachineEntry> entries(Path root) {
        List<MachineEntry> entries = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (p.equals(root)) {
                    continue;
                }
                String path = machinePath(root, p);
                if (Files.isSymbolicLink(p)) {
                    entries.add(new MachineEntry.Link(path, Files.readSymbolicLink(p).toString()));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    if (isEmpty(p)) {
                        entries.add(new MachineEntry.Dir(path));
                    }
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    entries.add(new MachineEntry.FileEntry(path, Files.readAllBytes(p), modeOf(p)));
                } else {
                    throw new IllegalArgumentException("cannot write " + p + ": not a file, directory or symlink");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    /** The file's permission bits; 0644 where the file system has none (a view without POSIX attributes). */
    private static FileMode modeOf(Path file) throws IOException {
        try {
            return FileMode.of(Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
        } catch (UnsupportedOperationException e) {
            return FileMode.DEFAULT;
        }
    }

    private static void appendFile(StringBuilder out, String path, byte[] content) {
        String text = plainText(content);
        if (text != null && text.endsWith("\n")) {
            String body = text.substring(0, text.length() - 1);
            if (body.isEmpty()) {
                out.append(path).append(" =\n");
                return;
            }
            if (body.indexOf('\n') < 0 && !body.startsWith(" ")) {
                out.append(path).append(" = ").append(body).append('\n');
                return;
            }
            List<String> lines = List.of(body.split("\n", -1));
            String tag = "EOF";
            for (int n = 1; lines.contains(tag); n++) {
                tag = "EOF_" + n;
            }
            out.append(path).append(" <<").append(tag).append('\n');
            for (String line : lines) {
                out.append(line).append('\n');
            }
            out.append(tag).append('\n');
            return;
        }
        out.append(path).append(" base64 ").append(Base64.getEncoder().encodeToString(content)).append('\n');
    }

    /** The content as a string when it is UTF-8 text without control characters other than tab and newline. */
    private static String plainText(byte[] content) {
        String text;
        try {
            text = Utf8.strict(content);
        } catch (CharacterCodingException e) {
            return null;
        }
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f || c == 0xfeff) {
                return null;
            }
        }
        return text;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            return !children.iterator().hasNext();
        }
    }

    private static String machinePath(Path root, Path p) {
        StringBuilder path = new StringBuilder();
        for (Path name : root.relativize(p)) {
            path.append('/').append(name);
        }
        return path.toString();
    }

    private static void checkPath(String path) {
        if (!path.startsWith("/") || path.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("cannot write path '" + path + "' (absolute, no white space)");
        }
    }
}
