package org.disktune.host;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * A path of a {@link MachineView}: Unix syntax, as the JDK's own and Jimfs' unix paths behave (names never
 * empty, "/" the only root, "" the empty path; {@code .} and {@code ..} kept until {@link #normalize}).
 * Immutable; its names are an array that is never changed after construction.
 */
final class MachineViewPath implements Path {
    private static final String[] NO_NAMES = new String[0];
    private final MachineView fs;
    private final boolean absolute;
    private final String[] names;
    private String text;

    private MachineViewPath(MachineView fs, boolean absolute, String[] names) {
        this.fs = fs;
        this.absolute = absolute;
        this.names = names;
    }

    static MachineViewPath root(MachineView fs) {
        return new MachineViewPath(fs, true, NO_NAMES);
    }

    /** The absolute path of {@code names} (non-empty names, an array no one changes afterwards). */
    static MachineViewPath absolute(MachineView fs, String[] names) {
        return new MachineViewPath(fs, true, names);
    }

    /** {@code first} and {@code more} joined with "/" (empty parts of {@code more} skipped), as UnixFileSystem.getPath. */
    static MachineViewPath parse(MachineView fs, String first, String... more) {
        String joined = first;
        if (more.length > 0) {
            StringBuilder sb = new StringBuilder(first);
            for (String segment : more) {
                if (!segment.isEmpty()) {
                    if (sb.length() > 0) {
                        sb.append('/');
                    }
                    sb.append(segment);
                }
            }
            joined = sb.toString();
        }
        if (joined.indexOf('\0') >= 0) {
            throw new InvalidPathException(joined, "Nul character not allowed");
        }
        return new MachineViewPath(fs, joined.startsWith("/"), split(joined));
    }

    /** The non-empty names of {@code s} between slashes. */
    static String[] split(String s) {
        int count = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != '/' && (i == 0 || s.charAt(i - 1) == '/')) {
                count++;
            }
        }
        if (count == 0) {
            return NO_NAMES;
        }
        String[] names = new String[count];
        int k = 0;
        for (int start = 0; start < s.length();) {
            int end = s.indexOf('/', start);
            if (end < 0) {
                end = s.length();
            }
            if (end > start) {
                names[k++] = s.substring(start, end);
            }
            start = end + 1;
        }
        return names;
    }

    boolean absolute() {
        return absolute;
    }

    /** The names, shared: callers never change the array. */
    String[] names() {
        return names;
    }

    @Override
    public MachineView getFileSystem() {
        return fs;
    }

    @Override
    public boolean isAbsolute() {
        return absolute;
    }

    @Override
    public Path getRoot() {
        return absolute ? fs.rootPath() : null;
    }

    @Override
    public Path getFileName() {
        int n = names.length;
        if (n == 0) {
            return absolute ? null : this;
        }
        if (n == 1 && !absolute) {
            return this;
        }
        return new MachineViewPath(fs, false, new String[] {names[n - 1]});
    }

    @Override
    public Path getParent() {
        int n = names.length;
        if (n == 0 || (n == 1 && !absolute)) {
            return null;
        }
        return n == 1 ? fs.rootPath() : new MachineViewPath(fs, absolute, Arrays.copyOf(names, n - 1));
    }

    /** The empty path has one name, the empty one (as the JDK's and Jimfs' paths count it), but iterates none. */
    @Override
    public int getNameCount() {
        return names.length == 0 && !absolute ? 1 : names.length;
    }

    @Override
    public Path getName(int index) {
        return subpath(index, index + 1);
    }

    @Override
    public Path subpath(int beginIndex, int endIndex) {
        if (beginIndex < 0 || beginIndex >= endIndex || endIndex > getNameCount()) {
            throw new IllegalArgumentException("no subpath " + beginIndex + ".." + endIndex + " in " + this);
        }
        if (names.length == 0 || (beginIndex == 0 && endIndex == names.length && !absolute)) {
            return this;
        }
        return new MachineViewPath(fs, false, Arrays.copyOfRange(names, beginIndex, endIndex));
    }

    @Override
    public Iterator<Path> iterator() {
        List<Path> out = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            out.add(new MachineViewPath(fs, false, new String[] {names[i]}));
        }
        return out.iterator();
    }

    @Override
    public boolean startsWith(Path other) {
        if (!(other instanceof MachineViewPath that) || that.fs != fs || that.absolute != absolute
                || that.names.length > names.length) {
            return false;
        }
        if (that.names.length == 0 && !absolute) {
            return names.length == 0; // the empty path starts only the empty path
        }
        for (int i = 0; i < that.names.length; i++) {
            if (!that.names[i].equals(names[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean endsWith(Path other) {
        if (!(other instanceof MachineViewPath that) || that.fs != fs) {
            return false;
        }
        if (that.absolute) {
            return equals(that);
        }
        int n = names.length;
        int m = that.names.length;
        if (m == 0) {
            return n == 0 && !absolute;
        }
        if (m > n) {
            return false;
        }
        for (int i = 0; i < m; i++) {
            if (!that.names[m - 1 - i].equals(names[n - 1 - i])) {
                return false;
            }
        }
        return true;
    }

    /** As Jimfs normalizes: a relative path of one name is left as it is (also "." and ".."). */
    @Override
    public Path normalize() {
        if (names.length == 1 && !absolute) {
            return this;
        }
        String[] out = new String[names.length];
        int k = 0;
        boolean changed = false;
        for (String name : names) {
            if (name.equals(".")) {
                changed = true;
            } else if (name.equals("..")) {
                if (k > 0 && !out[k - 1].equals("..")) {
                    k--;
                    changed = true;
                } else if (absolute) {
                    changed = true; // ".." at the root is the root
                } else {
                    out[k++] = name;
                }
            } else {
                out[k++] = name;
            }
        }
        return changed ? new MachineViewPath(fs, absolute, Arrays.copyOf(out, k)) : this;
    }

    @Override
    public Path resolve(Path other) {
        MachineViewPath that = checked(other);
        if (that.absolute) {
            return that;
        }
        if (that.names.length == 0) {
            return this;
        }
        if (names.length == 0 && !absolute) {
            return that;
        }
        String[] joined = Arrays.copyOf(names, names.length + that.names.length);
        System.arraycopy(that.names, 0, joined, names.length, that.names.length);
        return new MachineViewPath(fs, absolute, joined);
    }

    @Override
    public Path resolve(String other) {
        if (other.isEmpty() || other.indexOf('/') >= 0 || other.indexOf('\0') >= 0) {
            return resolve(parse(fs, other));
        }
        if (names.length == 0 && !absolute) {
            return new MachineViewPath(fs, false, new String[] {other});
        }
        String[] joined = Arrays.copyOf(names, names.length + 1);
        joined[names.length] = other;
        return new MachineViewPath(fs, absolute, joined);
    }

    @Override
    public Path relativize(Path other) {
        MachineViewPath that = checked(other);
        if (that.absolute != absolute) {
            throw new IllegalArgumentException("'" + other + "' is not a path of the same kind as '" + this + "'");
        }
        if (equals(that)) {
            return new MachineViewPath(fs, false, NO_NAMES);
        }
        int common = 0;
        while (common < names.length && common < that.names.length && names[common].equals(that.names[common])) {
            common++;
        }
        int up = names.length - common;
        String[] out = new String[up + that.names.length - common];
        Arrays.fill(out, 0, up, "..");
        System.arraycopy(that.names, common, out, up, that.names.length - common);
        return new MachineViewPath(fs, false, out);
    }

    @Override
    public URI toUri() {
        try {
            return new URI(MachineViewProvider.SCHEME, fs.name(), toAbsolutePath().toString(), null);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Path toAbsolutePath() {
        return absolute ? this : new MachineViewPath(fs, true, names); // the working directory is "/"
    }

    @Override
    public Path toRealPath(LinkOption... options) throws IOException {
        return fs.realPath(this, MachineViewProvider.follows(options));
    }

    @Override
    public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("a sample's read-only view has no watch service");
    }

    /** As Jimfs orders its paths: absolute before relative, then name by name (a shorter path first). */
    @Override
    public int compareTo(Path other) {
        MachineViewPath that = (MachineViewPath) other;
        if (absolute != that.absolute) {
            return absolute ? -1 : 1;
        }
        int common = Math.min(names.length, that.names.length);
        for (int i = 0; i < common; i++) {
            int c = names[i].compareTo(that.names[i]);
            if (c != 0) {
                return c;
            }
        }
        return names.length - that.names.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MachineViewPath that && that.fs == fs && that.toString().equals(toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        String s = text;
        if (s == null) {
            if (names.length == 0) {
                s = absolute ? "/" : "";
            } else {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < names.length; i++) {
                    if (i > 0 || absolute) {
                        sb.append('/');
                    }
                    sb.append(names[i]);
                }
                s = sb.toString();
            }
            text = s;
        }
        return s;
    }

    private MachineViewPath checked(Path other) {
        if (!(other instanceof MachineViewPath that) || that.fs != fs) {
            throw new ProviderMismatchException("not a path of " + fs.name() + ": " + other);
        }
        return that;
    }
}
