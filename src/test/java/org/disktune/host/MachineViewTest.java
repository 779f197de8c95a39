package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The read-only view of a sample answers every question the commands ask as the Jimfs tree of the same entries does
 * (Jimfs is what a sample was read through before, and what the writing commands still use): the same tree for every
 * bundled sample, and on random trees of directories, files and links (relative, absolute, dangling, looping) the
 * same answers to random lookups through links, {@code .} and {@code ..}; its paths behave as Jimfs' unix paths.
 */
class MachineViewTest {
    private static final String[] NAMES = {"a", "b", "c", "sda", "block"};

    @Test
    void everyBundledSampleIsTheSameTreeAsItsJimfs() throws IOException {
        SampleMachines samples = new SampleMachines();
        for (SampleMachines.Sample sample : samples.list()) {
            Path jimfs = samples.materialize(sample.name());
            Path view = samples.view(sample.name());
            TreeMap<String, String> a = describe(jimfs);
            TreeMap<String, String> b = describe(view);
            assertTrue(a.size() > 100, sample.name() + ": " + a.size());
            assertEquals(a, b, sample.name());
        }
    }

    /** Every path below {@code root} (links not followed) with its kind and content or target, listed as Files.list lists. */
    private static TreeMap<String, String> describe(Path root) throws IOException {
        TreeMap<String, String> out = new TreeMap<>();
        List<Path> todo = new ArrayList<>(List.of(root));
        while (!todo.isEmpty()) {
            Path dir = todo.remove(todo.size() - 1);
            List<String> listed = new ArrayList<>();
            try (Stream<Path> children = Files.list(dir)) {
                for (Path p : (Iterable<Path>) children::iterator) {
                    listed.add(p.getFileName().toString());
                    String key = root.relativize(p).toString();
                    if (Files.isSymbolicLink(p)) {
                        out.put(key, "link " + Files.readSymbolicLink(p));
                    } else if (Files.isDirectory(p)) {
                        out.put(key, "dir");
                        todo.add(p);
                    } else {
                        out.put(key, "file " + Files.size(p) + " " + new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
                    }
                }
            }
            out.put(root.relativize(dir) + "/", String.join(",", listed)); // the listing's order too
        }
        return out;
    }

    @Test
    void randomTreesAnswerEveryLookupAsJimfs() throws Exception {
        Random random = new Random(20261202);
        int compared = 0;
        for (int tree = 0; tree < 150; tree++) {
            List<MachineEntry> entries = randomTree(random);
            Path jimfs = SampleMachines.newJimfsRoot(entries);
            Path view = SampleMachines.viewRoot("random-" + tree, entries);
            for (int q = 0; q < 60; q++) {
                String query = randomPath(random, random.nextInt(6) + 1);
                Path pj = jimfs.resolve(query);
                Path pv = view.resolve(query);
                assertEquals(pj.toString(), pv.toString());
                for (Probe probe : PROBES) {
                    String expected = outcome(() -> probe.ask(pj, jimfs));
                    String actual = outcome(() -> probe.ask(pv, view));
                    assertEquals(expected, actual, probe.name + " " + query + " in " + entries);
                    compared++;
                }
                String machinePath = "/" + query;
                assertEquals(outcome(() -> InRoot.resolve(jimfs, machinePath, true).toString()),
                        outcome(() -> InRoot.resolve(view, machinePath, true).toString()), "InRoot " + machinePath + " in " + entries);
            }
        }
        assertTrue(compared > 100_000, "compared " + compared);
    }

    private record Probe(String name, Question question) {
        Object ask(Path p, Path root) throws Exception {
            return question.ask(p, root);
        }
    }

    private interface Question {
        Object ask(Path p, Path root) throws Exception;
    }

    private static final List<Probe> PROBES = List.of(
            new Probe("exists", (p, r) -> Files.exists(p)),
            new Probe("exists nofollow", (p, r) -> Files.exists(p, LinkOption.NOFOLLOW_LINKS)),
            new Probe("notExists", (p, r) -> Files.notExists(p)),
            new Probe("isDirectory", (p, r) -> Files.isDirectory(p)),
            new Probe("isDirectory nofollow", (p, r) -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)),
            new Probe("isRegularFile", (p, r) -> Files.isRegularFile(p)),
            new Probe("isRegularFile nofollow", (p, r) -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)),
            new Probe("isSymbolicLink", (p, r) -> Files.isSymbolicLink(p)),
            new Probe("isReadable", (p, r) -> Files.isReadable(p)),
            new Probe("isExecutable", (p, r) -> Files.isExecutable(p)),
            new Probe("readAllBytes", (p, r) -> new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1)),
            new Probe("readString", (p, r) -> Files.readString(p)),
            new Probe("readAllLines", (p, r) -> Files.readAllLines(p)),
            new Probe("newInputStream", (p, r) -> {
                try (InputStream in = Files.newInputStream(p)) {
                    return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                }
            }),
            new Probe("size", (p, r) -> Files.size(p)),
            new Probe("list", (p, r) -> {
                try (Stream<Path> s = Files.list(p)) {
                    return s.map(Path::toString).toList();
                }
            }),
            new Probe("walk", (p, r) -> {
                try (Stream<Path> s = Files.walk(p)) {
                    return s.map(Path::toString).toList();
                }
            }),
            new Probe("readSymbolicLink", (p, r) -> Files.readSymbolicLink(p).toString()),
            new Probe("toRealPath", (p, r) -> p.toRealPath().toString()),
            new Probe("toRealPath nofollow", (p, r) -> p.toRealPath(LinkOption.NOFOLLOW_LINKS).toString()),
            new Probe("attributes", (p, r) -> {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                return List.of(a.isDirectory(), a.isRegularFile(), a.isSymbolicLink(), a.isOther(), a.isRegularFile() ? a.size() : -1);
            }),
            new Probe("attributes nofollow", (p, r) -> {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                return List.of(a.isDirectory(), a.isRegularFile(), a.isSymbolicLink(), a.isOther());
            }),
            new Probe("attribute map", (p, r) -> new TreeMap<>(Files.readAttributes(p, "basic:isRegularFile,isDirectory,isSymbolicLink,isOther"))),
            new Probe("attribute names", (p, r) -> new java.util.TreeSet<>(Files.readAttributes(p, "*", LinkOption.NOFOLLOW_LINKS).keySet())),
            new Probe("unknown attribute", (p, r) -> Files.readAttributes(p, "basic:size,nonesuch")),
            new Probe("isSameFile as its real path", (p, r) -> Files.isSameFile(p, p.toRealPath())),
            new Probe("isSameFile as the root", (p, r) -> Files.isSameFile(p, r)));

    /** A value, or the class of what was thrown (messages differ: Jimfs words its own). */
    private static String outcome(Callable<Object> call) {
        try {
            return "= " + call.call();
        } catch (Exception e) {
            Class<?> type = e.getClass();
            while (!type.getName().startsWith("java.")) { // the JDK's exception a private one stands for
                type = type.getSuperclass();
            }
            return "! " + type.getSimpleName();
        }
    }

    /** Entries in the parser's terms: parents implied, nothing below a file or link, no duplicates. */
    private static List<MachineEntry> randomTree(Random random) {
        List<MachineEntry> entries = new ArrayList<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        java.util.Set<String> leaves = new java.util.HashSet<>();
        int n = 3 + random.nextInt(25);
        while (entries.size() < n) {
            String path = "/" + randomNamePath(random, 1 + random.nextInt(4));
            if (used.contains(path) || below(path, leaves) || aboveAny(path, used)
                    && random.nextInt(3) > 0) {
                continue;
            }
            boolean hasChildren = aboveAny(path, used);
            int kind = hasChildren ? 0 : random.nextInt(10);
            if (kind <= 1) {
                entries.add(new MachineEntry.Dir(path));
            } else if (kind <= 5) {
                byte[] content = new byte[random.nextInt(40)];
                for (int i = 0; i < content.length; i++) {
                    content[i] = (byte) (random.nextInt(10) == 0 ? '\n' : 'a' + random.nextInt(26));
                }
                entries.add(new MachineEntry.FileEntry(path, content));
                leaves.add(path);
            } else {
                String target = random.nextInt(4) == 0 ? "/" + randomPath(random, 1 + random.nextInt(3))
                        : randomPath(random, 1 + random.nextInt(4));
                if (target.isEmpty()) {
                    target = ".";
                }
                entries.add(new MachineEntry.Link(path, target));
                leaves.add(path);
            }
            used.add(path);
        }
        return entries;
    }

    private static boolean below(String path, java.util.Set<String> leaves) {
        for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
            if (leaves.contains(path.substring(0, slash))) {
                return true;
            }
        }
        return false;
    }

    private static boolean aboveAny(String path, java.util.Set<String> used) {
        for (String u : used) {
            if (u.startsWith(path + "/")) {
                return true;
            }
        }
        return false;
    }

    private static String randomNamePath(Random random, int depth) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if (i > 0) {
                sb.append('/');
            }
            sb.append(NAMES[random.nextInt(NAMES.length)]);
        }
        return sb.toString();
    }

    /** A relative path of names, "." and ".." (no empty names: callers add the slashes they need). */
    private static String randomPath(Random random, int depth) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if (i > 0) {
                sb.append('/');
            }
            int r = random.nextInt(10);
            sb.append(r == 0 ? "." : r <= 2 ? ".." : NAMES[random.nextInt(NAMES.length)]);
        }
        return sb.toString();
    }

    @Test
    void pathsBehaveAsJimfsUnixPaths() {
        Path jimfsRoot = SampleMachines.newJimfsRoot(List.of());
        FileSystem jimfs = jimfsRoot.getFileSystem();
        FileSystem view = SampleMachines.viewRoot("paths", List.of()).getFileSystem();
        Random random = new Random(7);
        String[] parts = {"a", "b", "..", ".", "", "sda", "a.b"};
        for (int i = 0; i < 20_000; i++) {
            String s = randomText(random, parts);
            String t = randomText(random, parts);
            Path pj = jimfs.getPath(s);
            Path pv = view.getPath(s);
            Path qj = jimfs.getPath(t);
            Path qv = view.getPath(t);
            String what = "'" + s + "' and '" + t + "'";
            assertEquals(pathFacts(pj), pathFacts(pv), what);
            assertEquals(outcome(() -> pj.resolve(qj).toString()), outcome(() -> pv.resolve(qv).toString()), "resolve " + what);
            assertEquals(outcome(() -> pj.resolve(t).toString()), outcome(() -> pv.resolve(t).toString()), "resolve string " + what);
            assertEquals(outcome(() -> pj.resolveSibling(qj).toString()), outcome(() -> pv.resolveSibling(qv).toString()), "sibling " + what);
            if (!s.contains("..") && !t.contains("..")) { // Jimfs and the JDK word relativize of ".." names each their own way
                assertEquals(outcome(() -> pj.relativize(qj).toString()), outcome(() -> pv.relativize(qv).toString()), "relativize " + what);
            }
            assertEquals(pj.startsWith(qj), pv.startsWith(qv), "startsWith " + what);
            assertEquals(pj.endsWith(qj), pv.endsWith(qv), "endsWith " + what);
            assertEquals(pj.startsWith(t), pv.startsWith(t), "startsWith string " + what);
            assertEquals(pj.equals(qj), pv.equals(qv), "equals " + what);
            assertEquals(Integer.signum(pj.compareTo(qj)), Integer.signum(pv.compareTo(qv)), "compareTo " + what);
            int n = pv.getNameCount();
            int b = random.nextInt(n + 2) - 1;
            int e = random.nextInt(n + 2);
            assertEquals(outcome(() -> pj.subpath(b, e).toString()), outcome(() -> pv.subpath(b, e).toString()), "subpath " + b + " " + e + " " + what);
            assertEquals(outcome(() -> pj.getName(b).toString()), outcome(() -> pv.getName(b).toString()), "getName " + b + " " + what);
        }
        assertThrows(ProviderMismatchException.class, () -> view.getPath("/a").resolve(jimfs.getPath("b")));
        assertFalse(view.getPath("/a").startsWith(jimfs.getPath("/a")));
    }

    private static String randomText(Random random, String[] parts) {
        StringBuilder sb = new StringBuilder(random.nextBoolean() ? "/" : "");
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(random.nextInt(8) == 0 ? "//" : "/");
            }
            sb.append(parts[random.nextInt(parts.length)]);
        }
        if (random.nextInt(8) == 0) {
            sb.append('/');
        }
        return sb.toString();
    }

    private static List<String> pathFacts(Path p) {
        List<String> names = new ArrayList<>();
        for (Path name : p) {
            names.add(name.toString());
        }
        return List.of(p.toString(), String.valueOf(p.isAbsolute()), String.valueOf(p.getFileName()), String.valueOf(p.getParent()),
                String.valueOf(p.getRoot()), String.valueOf(p.getNameCount()), p.normalize().toString(), p.toAbsolutePath().toString(),
                names.toString(), String.valueOf(p.hashCode() == p.getFileSystem().getPath(p.toString()).hashCode()));
    }

    @Test
    void nothingChangesTheViewAndWritingIsRefused() throws IOException {
        Path root = new SampleMachines().view("qemu-ahci");
        Path scheduler = root.resolve("sys/block/sda/queue/scheduler");
        byte[] before = Files.readAllBytes(scheduler);
        FileSystem fs = root.getFileSystem();
        assertTrue(fs.isReadOnly());
        List<Callable<Object>> writes = List.of(
                () -> Files.write(scheduler, "none\n".getBytes(StandardCharsets.US_ASCII)),
                () -> Files.writeString(root.resolve("etc/new"), "x"),
                () -> Files.newOutputStream(scheduler),
                () -> Files.newByteChannel(scheduler, StandardOpenOption.READ, StandardOpenOption.WRITE),
                () -> Files.newByteChannel(scheduler, StandardOpenOption.APPEND),
                () -> Files.createDirectory(root.resolve("new")),
                () -> Files.createDirectories(root.resolve("etc/disktune")),
                () -> Files.createSymbolicLink(root.resolve("link"), root.resolve("sys")),
                () -> {
                    Files.delete(scheduler);
                    return null;
                },
                () -> Files.deleteIfExists(scheduler),
                () -> Files.move(scheduler, root.resolve("moved"), StandardCopyOption.ATOMIC_MOVE),
                () -> Files.copy(scheduler, root.resolve("copy")),
                () -> Files.setLastModifiedTime(scheduler, FileTime.fromMillis(0)),
                () -> Files.setAttribute(scheduler, "basic:lastModifiedTime", FileTime.fromMillis(0)));
        for (Callable<Object> write : writes) {
            assertThrows(ReadOnlyFileSystemException.class, write::call);
        }
        assertFalse(Files.isWritable(scheduler));
        assertTrue(Files.isReadable(scheduler));
        assertArrayEquals(before, Files.readAllBytes(scheduler));
        assertFalse(Files.exists(root.resolve("etc/new")));
        assertThrows(UnsupportedOperationException.class, () -> Files.readAttributes(scheduler, PosixFileAttributes.class));
        assertThrows(UnsupportedOperationException.class, () -> Files.readAttributes(scheduler, "unix:ino"));
        assertEquals((long) before.length, Files.getAttribute(scheduler, "size"));
        assertEquals(List.of("isDirectory", "size"), List.copyOf(Files.readAttributes(scheduler, "basic:isDirectory,size").keySet()));
        // a reader's copy changes nothing
        byte[] read = Files.readAllBytes(scheduler);
        read[0] = 'X';
        assertArrayEquals(before, Files.readAllBytes(scheduler));
    }

    @Test
    void aChannelReadsFromWhereItIsPositioned() throws IOException {
        Path root = SampleMachines.viewRoot("channel", List.of(new MachineEntry.FileEntry("/f", "0123456789".getBytes(StandardCharsets.US_ASCII))));
        try (SeekableByteChannel channel = Files.newByteChannel(root.resolve("f"))) {
            assertEquals(10, channel.size());
            ByteBuffer buffer = ByteBuffer.allocate(4);
            assertEquals(4, channel.read(buffer));
            assertEquals("0123", new String(buffer.array(), StandardCharsets.US_ASCII));
            channel.position(8);
            buffer.clear();
            assertEquals(2, channel.read(buffer));
            assertEquals("89", new String(buffer.array(), 0, 2, StandardCharsets.US_ASCII));
            assertEquals(-1, channel.read(buffer.clear()));
            channel.position(20);
            assertEquals(-1, channel.read(buffer.clear()));
            assertEquals(20, channel.position());
            assertThrows(IllegalArgumentException.class, () -> channel.position(-1));
            assertThrows(java.nio.channels.NonWritableChannelException.class, () -> channel.write(ByteBuffer.allocate(1)));
        }
    }

    @Test
    void entriesThatContradictEachOtherAreRefusedAsCreateTreeRefusesThem() {
        List<MachineEntry> twice = List.of(new MachineEntry.FileEntry("/etc/a", new byte[0]), new MachineEntry.Link("/etc/a", "b"));
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> SampleMachines.viewRoot("x", twice));
        assertTrue(e.getCause() instanceof FileAlreadyExistsException, e.toString());
        List<MachineEntry> below = List.of(new MachineEntry.FileEntry("/etc/a", new byte[0]), new MachineEntry.Dir("/etc/a/b"));
        assertThrows(UncheckedIOException.class, () -> SampleMachines.viewRoot("x", below));
        assertThrows(UncheckedIOException.class, () -> SampleMachines.newJimfsRoot(below));
    }

    @Test
    void aClosedViewAnswersNothing() throws IOException {
        Path root = new SampleMachines().view("seed-rhel6-ext4");
        assertTrue(Files.isDirectory(root.resolve("sys")));
        root.getFileSystem().close();
        assertFalse(root.getFileSystem().isOpen());
        assertThrows(java.nio.file.ClosedFileSystemException.class, () -> Files.readAttributes(root.resolve("sys"), BasicFileAttributes.class));
    }
}
