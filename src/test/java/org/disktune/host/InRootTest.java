package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Machine paths under a root resolve as the kernel resolves them for a process chrooted there
 * (fs/namei.c: an absolute link target jumps to the root, nd_jump_root; ".." at the root stays at the
 * root, follow_dotdot), so a tree cannot lead disktune to a file outside it.
 */
class InRootTest {
    @TempDir
    Path tmp;

    private Path root;
    private Path outside;
    private Host host;

    private void tree() throws IOException {
        root = Files.createDirectories(tmp.resolve("root"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret"), "outside\n");
        Files.createDirectories(root.resolve(rel(outside)));
        Files.writeString(root.resolve(rel(outside)).resolve("secret"), "inside\n");
        host = new RootedHost(root, new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no log");
        }, Clock.systemUTC(), true);
    }

    private static String rel(Path p) {
        return p.toString().substring(1);
    }

    @Test
    void anAbsoluteLinkStartsAgainAtTheRoot() throws IOException {
        tree();
        Files.createDirectories(root.resolve("etc"));
        Files.createSymbolicLink(root.resolve("etc/modprobe.d"), outside);
        Path resolved = host.path("/etc/modprobe.d/secret");
        assertEquals(root.resolve(rel(outside)).resolve("secret"), resolved);
        assertEquals("inside\n", Files.readString(resolved));
    }

    @Test
    void dotDotNeverClimbsAboveTheRoot() throws IOException {
        tree();
        Files.createDirectories(root.resolve("etc"));
        String up = "../".repeat(20) + rel(outside);
        Files.createSymbolicLink(root.resolve("etc/disktune"), Path.of(up));
        assertEquals("inside\n", Files.readString(host.path("/etc/disktune/secret")));
        assertEquals("inside\n", Files.readString(host.path("/../../.." + outside + "/./secret")));
        assertTrue(host.path("/../..").equals(root), "the root's parent is the root");
    }

    @Test
    void aRelativeLinkResolvesFromItsOwnDirectoryAfterEarlierLinks() throws IOException {
        tree();
        Files.createDirectories(root.resolve("sys/devices/pci/block/sda/queue"));
        Files.writeString(root.resolve("sys/devices/pci/block/sda/queue/scheduler"), "[mq-deadline] none\n");
        Files.createDirectories(root.resolve("sys/block"));
        Files.createSymbolicLink(root.resolve("sys/block/sda"), Path.of("../devices/pci/block/sda"));
        Path resolved = host.path("/sys/block/sda/queue/scheduler");
        assertEquals(root.resolve("sys/devices/pci/block/sda/queue/scheduler"), resolved);
        assertEquals(root.resolve("sys/devices/pci/block/sda/queue/scheduler"), host.contain(root.resolve("sys/block/sda/queue/scheduler")));
    }

    @Test
    void nodeKeepsALastLinkAsItIsAndPathFollowsIt() throws IOException {
        tree();
        Files.createDirectories(root.resolve("etc"));
        Files.createSymbolicLink(root.resolve("etc/fstab"), outside.resolve("secret"));
        assertEquals(root.resolve("etc/fstab"), host.node("/etc/fstab"));
        assertTrue(Files.isSymbolicLink(host.node("/etc/fstab")));
        assertEquals("inside\n", Files.readString(host.path("/etc/fstab")));
    }

    @Test
    void missingComponentsStayLexicalAndInsideTheRoot() throws IOException {
        tree();
        Path resolved = host.path("/no/such/dir/../file");
        assertTrue(resolved.startsWith(root), resolved.toString());
        assertFalse(Files.exists(resolved));
    }

    @Test
    void afterAMissingComponentDotDotClimbsBackAndLinksAreFollowedAgain() throws IOException {
        tree();
        Files.createDirectories(root.resolve("etc"));
        Files.createSymbolicLink(root.resolve("etc/link"), Path.of("/" + rel(outside)));
        assertEquals("inside\n", Files.readString(host.path("/etc/missing/../link/secret")));
        assertEquals("inside\n", Files.readString(host.path("/etc/missing/deeper/../../link/secret")));
        assertEquals(root.resolve("etc/missing/link/secret"), host.path("/etc/missing/deeper/../link/secret"));
    }

    /**
     * Against the plain algorithm (one lstat per component, no shortcut below a missing one) on random trees of
     * directories, files and links (relative, absolute, dangling, looping) and random paths through them.
     */
    @Test
    void agreesWithTheLookupOfEveryComponentOnRandomTrees() throws IOException {
        java.util.Random random = new java.util.Random(20261202);
        String[] names = {"a", "b", "c", "..", ".", "x"};
        int compared = 0;
        for (int t = 0; t < 40; t++) {
            Path r = Files.createDirectories(tmp.resolve("random" + t));
            for (int e = 0; e < 12; e++) {
                StringBuilder rel = new StringBuilder();
                for (int d = 0, depth = 1 + random.nextInt(3); d < depth; d++) {
                    rel.append(d == 0 ? "" : "/").append(names[random.nextInt(3)]);
                }
                Path p = r.resolve(rel.toString());
                try {
                    Files.createDirectories(p.getParent());
                    switch (random.nextInt(3)) {
                        case 0 -> Files.createDirectories(p);
                        case 1 -> Files.writeString(p, "f");
                        default -> Files.createSymbolicLink(p, Path.of((random.nextBoolean() ? "/" : "") + names[random.nextInt(names.length)]
                                + "/" + names[random.nextInt(names.length)]));
                    }
                } catch (IOException ignored) {
                    // a parent that is a file or a link: that entry is not made
                }
            }
            for (int q = 0; q < 50; q++) {
                StringBuilder path = new StringBuilder();
                for (int d = 0, depth = 1 + random.nextInt(6); d < depth; d++) {
                    path.append('/').append(names[random.nextInt(names.length)]);
                }
                boolean followLast = random.nextBoolean();
                Object expected;
                try {
                    expected = plain(r, path.toString(), followLast);
                } catch (DisktuneException e) {
                    expected = e.getMessage();
                }
                Object actual;
                try {
                    actual = InRoot.resolve(r, path.toString(), followLast);
                } catch (DisktuneException e) {
                    actual = e.getMessage();
                }
                assertEquals(expected, actual, r + " " + path + " followLast=" + followLast);
                compared++;
            }
        }
        assertEquals(2000, compared);
    }

    /** InRoot's algorithm before the shortcut: every component looked up with Files.isSymbolicLink. */
    private static Path plain(Path root, String absolute, boolean followLast) {
        java.util.Deque<String> todo = new java.util.ArrayDeque<>();
        push(todo, absolute);
        Path current = root;
        int links = 0;
        while (!todo.isEmpty()) {
            String name = todo.pop();
            if (name.equals("..")) {
                if (!current.equals(root)) {
                    current = current.getParent();
                }
                continue;
            }
            Path next = current.resolve(name);
            if ((todo.isEmpty() && !followLast) || !Files.isSymbolicLink(next)) {
                current = next;
                continue;
            }
            if (++links > InRoot.MAX_LINKS) {
                throw new DisktuneException(ExitCode.USAGE, absolute + " under " + root
                        + ": too many levels of symbolic links; fix the links in the tree");
            }
            String target;
            try {
                target = Files.readSymbolicLink(next).toString();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            push(todo, target);
            if (target.startsWith("/")) {
                current = root;
            }
        }
        return current;
    }

    private static void push(java.util.Deque<String> todo, String path) {
        String[] parts = path.split("/");
        for (int i = parts.length - 1; i >= 0; i--) {
            if (!parts[i].isEmpty() && !parts[i].equals(".")) {
                todo.push(parts[i]);
            }
        }
    }

    @Test
    void aLinkLoopIsTheKernelsEloopAsAOneLineError() throws IOException {
        tree();
        Files.createSymbolicLink(root.resolve("a"), Path.of("/b"));
        Files.createSymbolicLink(root.resolve("b"), Path.of("/a"));
        DisktuneException e = assertThrows(DisktuneException.class, () -> host.path("/a/x"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains("too many levels of symbolic links"), e.getMessage());
    }

    @Test
    void aContainedPathOutsideTheRootIsReturnedAsGiven() throws IOException {
        tree();
        assertEquals(outside.resolve("secret"), host.contain(outside.resolve("secret")));
        assertEquals("outside\n", Files.readString(host.contain(outside.resolve("secret")), StandardCharsets.UTF_8));
    }

    @Test
    void theMachineItselfResolvesAsWritten() {
        Host live = new LinuxHost(new RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no log");
        });
        assertEquals(Path.of("/etc/../etc/fstab"), live.path("/etc/../etc/fstab"));
        assertEquals(Path.of("/sys/block/sda"), live.node("/sys/block/sda"));
    }
}
