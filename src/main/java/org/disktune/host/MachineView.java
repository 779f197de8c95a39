package org.disktune.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedFileSystemException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A read-only file system over the entries of a {@code .machine} file, for the commands that only read a sample
 * ({@code detect}): the tree is a few maps built straight from the parsed entries, where an in-memory file
 * system (Jimfs, which the commands that write to a sample use) costs its own start, configuration and a write per
 * file (docs/performance.md). It answers as Jimfs does: directories list their names in sorted order, symbolic links are
 * followed at any component (40 at most, relative targets from the link's directory), {@code ..} is the parent of
 * the directory reached, access checks only ask whether the file exists. What would change the tree throws
 * {@link java.nio.file.ReadOnlyFileSystemException}; an access check for writing fails.
 */
final class MachineView extends FileSystem {
    /** As Jimfs and Linux: at most this many symbolic links on the way of one lookup. */
    static final int MAX_LINKS = 40;

    /** A file, directory or link of the tree; its identity is its file key. */
    abstract static sealed class Node permits Dir, File, Link {
        final Dir parent;
        final String name;

        Node(Dir parent, String name) {
            this.parent = parent == null ? (Dir) this : parent;
            this.name = name;
        }
    }

    static final class Dir extends Node {
        /** Sorted by name, as Jimfs lists a directory. */
        final TreeMap<String, Node> children = new TreeMap<>();

        Dir(Dir parent, String name) {
            super(parent, name);
        }
    }

    static final class File extends Node {
        /** Never changed (the view is read-only) and never handed out without a copy or a read-only wrapper. */
        final byte[] content;

        File(Dir parent, String name, byte[] content) {
            super(parent, name);
            this.content = content;
        }
    }

    static final class Link extends Node {
        final String target;
        final boolean absoluteTarget;
        final String[] targetNames;

        Link(Dir parent, String name, String target) {
            super(parent, name);
            this.target = target;
            this.absoluteTarget = target.startsWith("/");
            this.targetNames = MachineViewPath.split(target);
        }
    }

    private final MachineViewProvider provider;
    private final String name;
    private final Dir root = new Dir(null, "");
    private final MachineViewPath rootPath = MachineViewPath.root(this);
    private final FileTime time;
    private volatile boolean open = true;

    private MachineView(MachineViewProvider provider, String name, FileTime time) {
        this.provider = provider;
        this.name = name;
        this.time = time;
    }

    /**
     * A view holding {@code entries} (as {@link MachineFileParser} returns them: no duplicates, nothing below a
     * file or link; parent directories implied) and nothing else; {@code name} names it in URIs and messages.
     */
    static MachineView of(String name, List<MachineEntry> entries, FileTime time) {
        MachineView view = new MachineView(new MachineViewProvider(), name, time);
        view.provider.attach(view);
        // Each directory found by its path once and remembered: one substring per entry, not one per component.
        Map<String, Dir> made = new HashMap<>();
        made.put("", view.root);
        for (MachineEntry entry : entries) {
            String path = entry.path();
            int slash = path.lastIndexOf('/');
            if (!path.startsWith("/") || slash == path.length() - 1) {
                throw new IllegalArgumentException("not an absolute path with a name: " + path);
            }
            if (entry instanceof MachineEntry.Dir) {
                directory(path, made);
                continue;
            }
            Dir dir = directory(path.substring(0, slash), made);
            String last = path.substring(slash + 1);
            Node node = entry instanceof MachineEntry.FileEntry file ? new File(dir, last, file.bytes())
                    : new Link(dir, last, ((MachineEntry.Link) entry).target());
            if (dir.children.putIfAbsent(last, node) != null) {
                throw new UncheckedIOException(new FileAlreadyExistsException(path));
            }
        }
        return view;
    }

    /** The directory at {@code path} ("" is the root), made with its missing parents unless made already. */
    private static Dir directory(String path, Map<String, Dir> made) {
        Dir dir = made.get(path);
        if (dir != null) {
            return dir;
        }
        int slash = path.lastIndexOf('/');
        Dir parent = directory(path.substring(0, slash), made);
        String part = path.substring(slash + 1);
        Node child = parent.children.get(part);
        if (child == null) {
            dir = new Dir(parent, part);
            parent.children.put(part, dir);
        } else if (child instanceof Dir d) {
            dir = d;
        } else {
            throw new UncheckedIOException(new FileAlreadyExistsException(path, null, "a file or link where a directory is needed"));
        }
        made.put(path, dir);
        return dir;
    }

    String name() {
        return name;
    }

    MachineViewPath rootPath() {
        return rootPath;
    }

    FileTime time() {
        return time;
    }

    /** The node at {@code path}; a final link is followed when {@code followLast}. */
    Node lookup(MachineViewPath path, boolean followLast) throws IOException {
        return lookup(path, followLast, false);
    }

    /** As {@link #lookup} following links, but null when only the last name is missing (Jimfs' isSameFile asks so). */
    Node lookupOrNull(MachineViewPath path) throws IOException {
        return lookup(path, true, true);
    }

    private Node lookup(MachineViewPath path, boolean followLast, boolean lastMayBeMissing) throws IOException {
        if (!open) {
            throw new ClosedFileSystemException();
        }
        return walk(root, path.names(), followLast, new int[1], path, lastMayBeMissing);
    }

    private Node walk(Dir start, String[] names, boolean followLast, int[] links, MachineViewPath path, boolean lastMayBeMissing)
            throws IOException {
        Node node = start;
        for (int i = 0; i < names.length; i++) {
            if (!(node instanceof Dir dir)) {
                throw new Missing(path.toString()); // a file or a dangling link on the way
            }
            String part = names[i];
            Node next;
            if (part.equals(".")) {
                next = dir;
            } else if (part.equals("..")) {
                next = dir.parent;
            } else {
                next = dir.children.get(part);
                if (next == null) {
                    if (lastMayBeMissing && i == names.length - 1) {
                        return null;
                    }
                    throw new Missing(path.toString());
                }
            }
            if (next instanceof Link link && (followLast || i < names.length - 1)) {
                if (++links[0] > MAX_LINKS) {
                    throw new IOException(path + ": too many levels of symbolic links"); // as Jimfs words it
                }
                next = walk(link.absoluteTarget ? root : dir, link.targetNames, true, links, path, lastMayBeMissing && i == names.length - 1);
            }
            node = next;
        }
        return node;
    }

    /** The path of {@code node} from the root, through no link. */
    MachineViewPath pathOf(Node node) {
        int depth = 0;
        for (Node n = node; n != root; n = n.parent) {
            depth++;
        }
        String[] names = new String[depth];
        for (Node n = node; n != root; n = n.parent) {
            names[--depth] = n.name;
        }
        return MachineViewPath.absolute(this, names);
    }

    Path realPath(MachineViewPath path, boolean follow) throws IOException {
        return pathOf(lookup((MachineViewPath) path.toAbsolutePath(), follow));
    }

    /** A missing file, without the stack trace: a lookup that finds nothing is an answer here, not a fault. */
    static final class Missing extends NoSuchFileException {
        private static final long serialVersionUID = 1L;

        Missing(String file) {
            super(file);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    @Override
    public MachineViewProvider provider() {
        return provider;
    }

    @Override
    public void close() {
        open = false;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public String getSeparator() {
        return "/";
    }

    @Override
    public Iterable<Path> getRootDirectories() {
        return List.of(rootPath);
    }

    @Override
    public Iterable<FileStore> getFileStores() {
        return List.of();
    }

    @Override
    public Set<String> supportedFileAttributeViews() {
        return Set.of("basic");
    }

    @Override
    public Path getPath(String first, String... more) {
        return MachineViewPath.parse(this, first, more);
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        throw new UnsupportedOperationException("a sample's read-only view has no path matchers");
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException("a sample's read-only view has no users");
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException("a sample's read-only view has no watch service");
    }

    @Override
    public String toString() {
        return name;
    }
}
