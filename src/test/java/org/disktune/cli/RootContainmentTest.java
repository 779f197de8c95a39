package org.disktune.cli;

import static org.disktune.initramfs.RealDebianRoots.Generator.INITRAMFS_TOOLS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;

import org.disktune.core.Sha256;
import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.testing.Trees;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Nothing disktune reads or writes under {@code --root DIR} lies outside DIR, whatever links the tree
 * holds: on a real Debian 12 root (a disposable copy, the real initramfs-tools run with --chroot),
 * /etc/modprobe.d, /boot, /var/lib/disktune and /etc/fstab are absolute symbolic links to a directory
 * OUT outside the tree, and /etc/disktune a relative link that climbs with more ".." than the tree
 * is deep. Inside a chroot (what the generator sees, and what disktune must see) the absolute targets
 * are DIR/OUT/..., and ".." stops at DIR (fs/namei.c, nd_jump_root and follow_dotdot); so the real
 * files sit at DIR/OUT/..., and decoy copies at the real OUT, where a lexical reading of the links
 * would lead. {@code modprobe set}, {@code initramfs verify}, {@code undo}, {@code apply} and
 * {@code rollback} all run; the decoy directory is hashed before and after and must not change,
 * while the changes land in the tree. The fstab and udev rules are edited in a second test, on a
 * sample machine whose mount table and sysfs give {@code apply} a mount and a disk to act on.
 */
class RootContainmentTest {
    private static final String OPTIONS = "/etc/modprobe.d/disktune.conf";

    @Test
    @Tag("debootstrap")
    void linksInTheTreeNeverLeadDisktuneOutOfIt() throws IOException {
        DebianRoot cached = RealDebianRoots.get(INITRAMFS_TOOLS);
        Path outside = Files.createTempDirectory(Path.of("/var/tmp"), "disktune-outside-");
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(cached)) {
            DebianRoot root = copy.root();
            copy.mountProc();
            Path dir = root.dir();
            // a small image (as RealRootModprobeEndToEndTest does): what is under test is where files go
            Files.writeString(root.path("/etc/initramfs-tools/conf.d/small-image"), "MODULES=list\n");
            Files.createDirectories(root.path("/var/lib/disktune"));
            root.run("update-initramfs", "-c", "-k", root.kernel()).requireSuccess();
            String image = "/boot/initrd.img-" + root.kernel();

            divert(dir, outside, "etc/modprobe.d");
            divert(dir, outside, "boot");
            divert(dir, outside, "var/lib/disktune");
            divert(dir, outside, "etc/fstab");
            // /etc/disktune -> ../../../../../../../../OUT/disktune: lexically above the tree, in a chroot DIR/OUT/disktune
            Files.createDirectories(dir.resolve(rel(outside)).resolve("disktune"));
            Files.createDirectories(outside.resolve("disktune"));
            Files.createSymbolicLink(dir.resolve("etc/disktune"), Path.of("../".repeat(12) + rel(outside) + "/disktune"));
            Map<String, String> decoys = hashes(outside);
            Path inTree = dir.resolve(rel(outside));
            String root0 = dir.toString();

            CliRun set = CliRun.run("--root", root0, "--chroot", "modprobe", "set", "libata", "force=noncq");
            assertEquals(3, set.exitCode(), set.out() + set.err());
            assertTrue(Files.readString(inTree.resolve("modprobe.d/disktune.conf")).contains("options libata force=noncq"));
            CliRun verify = CliRun.run("--root", root0, "initramfs", "verify");
            assertEquals(0, verify.exitCode(), verify.out() + verify.err());
            assertTrue(verify.out().contains(image), verify.out());
            assertEquals(decoys, hashes(outside), "modprobe set and verify left the decoys alone");

            CliRun undo = CliRun.run("--root", root0, "--chroot", "undo");
            assertEquals(3, undo.exitCode(), undo.out() + undo.err());
            assertTrue(Files.notExists(inTree.resolve("modprobe.d/disktune.conf")));

            Files.writeString(inTree.resolve("disktune/disktune.conf"), "[module libata]\nforce = noncq\n");
            CliRun apply = CliRun.run("--root", root0, "--chroot", "apply");
            assertEquals(3, apply.exitCode(), apply.out() + apply.err());
            assertTrue(Files.readString(inTree.resolve("modprobe.d/disktune.conf")).contains("options libata force=noncq"));
            CliRun rollback = CliRun.run("--root", root0, "--chroot", "rollback");
            assertTrue(rollback.exitCode() == 0 || rollback.exitCode() == 3, rollback.out() + rollback.err());
            assertTrue(Files.notExists(inTree.resolve("modprobe.d/disktune.conf")));

            assertEquals(decoys, hashes(outside), "nothing outside the tree changed");
            assertTrue(Files.exists(inTree.resolve("lib-disktune")) && Files.list(inTree.resolve("lib-disktune/journal")).count() >= 3,
                    "the journal lives in the tree");
        } finally {
            Trees.delete(outside);
        }
    }

    /**
     * The fstab and udev half, on a bundled sample machine written to disk (its sysfs and mount table say what is
     * mounted where): /etc/fstab and /etc/udev/rules.d are absolute links out of the tree, /var/lib/disktune a
     * relative one that climbs above it. A file to change that is a link is refused as on the machine (exit 4,
     * nothing changed); with the tree's fstab back in place, {@code apply} edits its line and writes the rules
     * behind the directory link inside the tree, {@code rollback} puts them back there, and the decoys outside
     * never change.
     */
    @Test
    void fstabAndUdevRulesBehindLinksAreEditedInsideTheTree() throws IOException {
        Path outside = Files.createTempDirectory(Path.of("/var/tmp"), "disktune-outside-");
        Path dir = Files.createTempDirectory(Path.of("/var/tmp"), "disktune-tree-");
        try {
            Trees.copy(SampleRoots.materialize("seed-centos5-ide"), dir);
            Files.createDirectories(dir.resolve("usr/share/doc/udev-147")); // a udev that reads the rules file (CentOS 5's 095 does not)
            Files.createDirectories(dir.resolve("etc/udev/rules.d"));
            Files.createDirectories(dir.resolve("var/lib/disktune"));
            divert(dir, outside, "etc/fstab");
            divert(dir, outside, "etc/udev/rules.d");
            Path state = dir.resolve(rel(outside)).resolve("state");
            Files.createDirectories(state);
            Files.createDirectories(outside.resolve("state"));
            Files.delete(dir.resolve("var/lib/disktune"));
            Files.createSymbolicLink(dir.resolve("var/lib/disktune"), Path.of("../".repeat(12) + rel(outside) + "/state"));
            Files.createDirectories(dir.resolve("etc/disktune"));
            Files.writeString(dir.resolve("etc/disktune/disktune.conf"), "[disk ide]\nmatch.transport = ide\nread_ahead_kb = 1024\n\n[mount /]\natime = noatime\n");
            Map<String, String> decoys = hashes(outside);
            Path inTree = dir.resolve(rel(outside));
            String fstabBefore = Files.readString(inTree.resolve("fstab"));

            // a file disktune would change that is itself a link is refused (as on the machine), before anything changes
            CliRun refused = CliRun.run("--root", dir.toString(), "apply");
            assertEquals(4, refused.exitCode(), refused.out() + refused.err());
            assertTrue(refused.err().contains("/etc/fstab is a symbolic link"), refused.err());
            assertEquals(fstabBefore, Files.readString(inTree.resolve("fstab")));
            assertTrue(Files.notExists(inTree.resolve("rules.d/90-disktune.rules")));
            assertEquals(decoys, hashes(outside), "the refused apply left the decoys alone");
            // the tree's own fstab back in place: the edit and the rules (behind the directory link) land in the tree
            Files.delete(dir.resolve("etc/fstab"));
            Files.move(inTree.resolve("fstab"), dir.resolve("etc/fstab"));

            CliRun apply = CliRun.run("--root", dir.toString(), "apply");
            assertEquals(0, apply.exitCode(), apply.out() + apply.err());
            assertTrue(Files.readString(dir.resolve("etc/fstab")).contains("defaults,noatime"), Files.readString(dir.resolve("etc/fstab")));
            assertTrue(Files.readString(inTree.resolve("rules.d/90-disktune.rules")).contains("ATTR{queue/read_ahead_kb}=\"1024\""),
                    Files.readString(inTree.resolve("rules.d/90-disktune.rules")));
            assertTrue(Files.list(state.resolve("journal")).count() >= 1, "the journal is in the tree");
            assertEquals(decoys, hashes(outside), "apply left the decoys alone");

            CliRun rollback = CliRun.run("--root", dir.toString(), "rollback");
            assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
            assertEquals(fstabBefore, Files.readString(dir.resolve("etc/fstab")));
            assertTrue(Files.notExists(inTree.resolve("rules.d/90-disktune.rules")));
            assertEquals(decoys, hashes(outside), "nothing outside the tree changed");
        } finally {
            Trees.delete(outside);
            Trees.delete(dir);
        }
    }

    /**
     * Moves DIR/REL to DIR/OUT/NAME (where the chroot sees the link's target), puts a decoy copy at the real
     * OUT/NAME, and replaces DIR/REL with an absolute link to OUT/NAME.
     */
    private static void divert(Path dir, Path outside, String rel) throws IOException {
        String name = rel.equals("var/lib/disktune") ? "lib-disktune" : Path.of(rel).getFileName().toString();
        Path original = dir.resolve(rel);
        Path inTree = dir.resolve(rel(outside)).resolve(name);
        Files.createDirectories(inTree.getParent());
        Files.move(original, inTree);
        Trees.copy(inTree, outside.resolve(name));
        Files.createSymbolicLink(original, outside.resolve(name));
    }

    private static String rel(Path absolute) {
        return absolute.toString().substring(1);
    }

    /** Every entry below {@code dir}: files by content hash, links by target, directories by name. */
    private static Map<String, String> hashes(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                out.put(dir.relativize(d) + "/", "dir");
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                out.put(dir.relativize(f).toString(), Files.isSymbolicLink(f) ? "-> " + Files.readSymbolicLink(f)
                        : Sha256.ofFile(f) + " " + Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS));
                return FileVisitResult.CONTINUE;
            }
        });
        return out;
    }
}
