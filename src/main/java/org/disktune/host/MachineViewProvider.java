package org.disktune.host;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.spi.FileSystemProvider;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The provider of one {@link MachineView} (each view has its own; none is installed for the JDK to find, so
 * {@code newFileSystem} and {@code getPath(URI)} are refused). Reads only: every operation that would change the
 * tree throws {@link ReadOnlyFileSystemException}.
 */
final class MachineViewProvider extends FileSystemProvider {
    static final String SCHEME = "disktune-sample";
    private MachineView view;

    void attach(MachineView view) {
        this.view = view;
    }

    static boolean follows(LinkOption... options) {
        for (LinkOption option : options) {
            if (option == LinkOption.NOFOLLOW_LINKS) {
                return false;
            }
        }
        return true;
    }

    private static boolean follows(Set<? extends OpenOption> options) {
        return !options.contains(LinkOption.NOFOLLOW_LINKS);
    }

    private MachineViewPath checked(Path path) {
        if (!(path instanceof MachineViewPath p) || p.getFileSystem() != view) {
            throw new ProviderMismatchException("not a path of " + view.name() + ": " + path);
        }
        return (MachineViewPath) p.toAbsolutePath();
    }

    private MachineView.File file(Path path, boolean follow) throws IOException {
        MachineView.Node node = view.lookup(checked(path), follow);
        if (node instanceof MachineView.File file) {
            return file;
        }
        throw new FileSystemException(path.toString(), null, node instanceof MachineView.Dir ? "Is a directory"
                : "Too many levels of symbolic links");
    }

    private static void readingOnly(Set<? extends OpenOption> options) {
        for (OpenOption option : options) {
            if (option != StandardOpenOption.READ && option != LinkOption.NOFOLLOW_LINKS) {
                throw new ReadOnlyFileSystemException();
            }
        }
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
        throw new UnsupportedOperationException("a sample's view is made by disktune, not through a URI");
    }

    @Override
    public FileSystem getFileSystem(URI uri) {
        throw new UnsupportedOperationException("a sample's view is made by disktune, not through a URI");
    }

    @Override
    public Path getPath(URI uri) {
        throw new UnsupportedOperationException("a sample's view is made by disktune, not through a URI");
    }

    @Override
    public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
        boolean follow = true;
        for (OpenOption option : options) {
            if (option == LinkOption.NOFOLLOW_LINKS) {
                follow = false;
            } else if (option != StandardOpenOption.READ) {
                throw new ReadOnlyFileSystemException();
            }
        }
        return new ByteArrayInputStream(file(path, follow).content);
    }

    @Override
    public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
            throws IOException {
        readingOnly(options);
        if (attrs.length > 0) {
            throw new ReadOnlyFileSystemException();
        }
        return new Channel(file(path, follows(options)).content);
    }

    @Override
    public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
        MachineView.Node node = view.lookup(checked(dir), true);
        if (!(node instanceof MachineView.Dir d)) {
            throw new NotDirectoryException(dir.toString());
        }
        List<Path> entries = new ArrayList<>(d.children.size());
        for (String name : d.children.keySet()) {
            Path entry = dir.resolve(name);
            if (filter.accept(entry)) {
                entries.add(entry);
            }
        }
        return new Listing(entries);
    }

    @Override
    public void createDirectory(Path dir, FileAttribute<?>... attrs) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void createSymbolicLink(Path link, Path target, FileAttribute<?>... attrs) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void createLink(Path link, Path existing) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void delete(Path path) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void copy(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public void move(Path source, Path target, CopyOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    @Override
    public Path readSymbolicLink(Path link) throws IOException {
        MachineView.Node node = view.lookup(checked(link), false);
        if (!(node instanceof MachineView.Link l)) {
            throw new NotLinkException(link.toString());
        }
        return view.getPath(l.target);
    }

    @Override
    public boolean isSameFile(Path path, Path path2) throws IOException {
        if (path.equals(path2)) {
            return true;
        }
        if (!(path2 instanceof MachineViewPath) || path2.getFileSystem() != view) {
            return false;
        }
        MachineView.Node node = view.lookupOrNull(checked(path));
        return node != null && node == view.lookupOrNull(checked(path2));
    }

    @Override
    public boolean isHidden(Path path) {
        Path name = checked(path).getFileName();
        return name != null && name.toString().startsWith(".");
    }

    @Override
    public FileStore getFileStore(Path path) {
        throw new UnsupportedOperationException("a sample's read-only view has no file store");
    }

    /** As Jimfs: the file must exist, whatever the mode; writing is refused, since nothing here can be changed. */
    @Override
    public void checkAccess(Path path, AccessMode... modes) throws IOException {
        view.lookup(checked(path), true);
        for (AccessMode mode : modes) {
            if (mode == AccessMode.WRITE) {
                throw new AccessDeniedException(path.toString(), null, "read-only file system");
            }
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        if (type != BasicFileAttributeView.class) {
            return null;
        }
        MachineViewPath p = checked(path);
        boolean follow = follows(options);
        return (V) new BasicFileAttributeView() {
            @Override
            public String name() {
                return "basic";
            }

            @Override
            public BasicFileAttributes readAttributes() throws IOException {
                return new Attributes(view.lookup(p, follow), view.time());
            }

            @Override
            public void setTimes(FileTime lastModifiedTime, FileTime lastAccessTime, FileTime createTime) {
                throw new ReadOnlyFileSystemException();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options) throws IOException {
        if (type != BasicFileAttributes.class) {
            throw new UnsupportedOperationException("a sample's read-only view has only basic attributes, not " + type.getName());
        }
        return (A) new Attributes(view.lookup(checked(path), follows(options)), view.time());
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        String names = attributes;
        int colon = attributes.indexOf(':');
        if (colon >= 0) {
            if (!attributes.substring(0, colon).equals("basic")) {
                throw new UnsupportedOperationException("a sample's read-only view has only basic attributes, not " + attributes);
            }
            names = attributes.substring(colon + 1);
        }
        Attributes a = new Attributes(view.lookup(checked(path), follows(options)), view.time());
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("lastModifiedTime", a.lastModifiedTime());
        all.put("lastAccessTime", a.lastAccessTime());
        all.put("creationTime", a.creationTime());
        all.put("size", a.size());
        all.put("isRegularFile", a.isRegularFile());
        all.put("isDirectory", a.isDirectory());
        all.put("isSymbolicLink", a.isSymbolicLink());
        all.put("isOther", a.isOther());
        all.put("fileKey", a.fileKey());
        Map<String, Object> out = new LinkedHashMap<>();
        for (String name : names.split(",")) {
            if (name.equals("*")) {
                out.putAll(all);
            } else if (all.containsKey(name)) {
                out.put(name, all.get(name));
            } else {
                throw new IllegalArgumentException("'" + name + "' not recognized");
            }
        }
        return out;
    }

    @Override
    public void setAttribute(Path path, String attribute, Object value, LinkOption... options) {
        throw new ReadOnlyFileSystemException();
    }

    /** A node's basic attributes; its file key is the node itself. */
    private record Attributes(MachineView.Node node, FileTime time) implements BasicFileAttributes {
        @Override
        public FileTime lastModifiedTime() {
            return time;
        }

        @Override
        public FileTime lastAccessTime() {
            return time;
        }

        @Override
        public FileTime creationTime() {
            return time;
        }

        @Override
        public boolean isRegularFile() {
            return node instanceof MachineView.File;
        }

        @Override
        public boolean isDirectory() {
            return node instanceof MachineView.Dir;
        }

        @Override
        public boolean isSymbolicLink() {
            return node instanceof MachineView.Link;
        }

        @Override
        public boolean isOther() {
            return false;
        }

        @Override
        public long size() {
            return node instanceof MachineView.File f ? f.content.length : 0;
        }

        @Override
        public Object fileKey() {
            return node;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Attributes that && that.node == node && that.time.equals(time);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(node);
        }
    }

    /** A read-only channel over a file's bytes. */
    private static final class Channel implements SeekableByteChannel {
        private final byte[] content;
        private long position;
        private boolean open = true;

        Channel(byte[] content) {
            this.content = content;
        }

        private void checkOpen() throws IOException {
            if (!open) {
                throw new java.nio.channels.ClosedChannelException();
            }
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            checkOpen();
            if (position >= content.length) {
                return -1;
            }
            int n = (int) Math.min(dst.remaining(), content.length - position);
            dst.put(content, (int) position, n);
            position += n;
            return n;
        }

        @Override
        public int write(ByteBuffer src) {
            throw new NonWritableChannelException();
        }

        @Override
        public long position() throws IOException {
            checkOpen();
            return position;
        }

        @Override
        public SeekableByteChannel position(long newPosition) throws IOException {
            checkOpen();
            if (newPosition < 0) {
                throw new IllegalArgumentException("negative position " + newPosition);
            }
            position = newPosition;
            return this;
        }

        @Override
        public long size() throws IOException {
            checkOpen();
            return content.length;
        }

        @Override
        public SeekableByteChannel truncate(long size) {
            throw new NonWritableChannelException();
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }

    /** A directory's entries, listed when it was opened; iterated once, as the JDK's streams are. */
    private static final class Listing implements DirectoryStream<Path> {
        private final List<Path> entries;
        private boolean iterated;
        private boolean closed;

        Listing(List<Path> entries) {
            this.entries = entries;
        }

        @Override
        public Iterator<Path> iterator() {
            if (closed || iterated) {
                throw new IllegalStateException(closed ? "directory stream closed" : "iterator already obtained");
            }
            iterated = true;
            return entries.iterator();
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
