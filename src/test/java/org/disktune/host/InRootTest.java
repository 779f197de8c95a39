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
