package org.disktune.cli;

import static org.disktune.initramfs.RealDebianRoots.Generator.INITRAMFS_TOOLS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
 * while the changes land in the tree.
 */
class RootContainmentTest {
    private static final String OPTIONS = "/etc/modprobe.d/disktune.conf";

    @Test
    void linksInTheTreeNeverLeadDisktuneOutOfIt() throws IOException {
        DebianRoot cached = RealDebianRoots.get(INITRAMFS_TOOLS);
        Path outside = Files.createTempDirectory(Path.of("/var/tmp"), "disktune-outside-");
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(cached)) {
            DebianRoot root = copy.root();
            copy.mountProc();
            Path dir = root.dir();
            // a small image (as RealRootModprobeEndToEndTest does): what is under test is where files go
            Files.writeString(root.path("/etc/initramfs-tools/conf.d/small-image"), "MODULES=list\n");
            Files.writeString(root.path("/etc/fstab"), "/dev/sdb1 /srv ext4 defaults 0 2\n", StandardCharsets.US_ASCII,
                    java.nio.file.StandardOpenOption.APPEND);
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

            Files.writeString(inTree.resolve("disktune/disktune.conf"), "[module libata]\nforce = noncq\n\n[mount /srv]\natime = noatime\n");
            CliRun apply = CliRun.run("--root", root0, "--chroot", "apply");
            assertEquals(3, apply.exitCode(), apply.out() + apply.err());
            assertTrue(Files.readString(inTree.resolve("fstab")).contains("/dev/sdb1 /srv ext4 defaults,noatime 0 2"),
                    Files.readString(inTree.resolve("fstab")));
            assertTrue(Files.isSymbolicLink(dir.resolve("etc/fstab")), "the link stays a link; its in-tree target changed");
            CliRun rollback = CliRun.run("--root", root0, "--chroot", "rollback");
            assertTrue(rollback.exitCode() == 0 || rollback.exitCode() == 3, rollback.out() + rollback.err());
            assertTrue(Files.readString(inTree.resolve("fstab")).contains("/dev/sdb1 /srv ext4 defaults 0 2"));

            assertEquals(decoys, hashes(outside), "nothing outside the tree changed");
            assertTrue(Files.exists(inTree.resolve("lib-disktune")) && Files.list(inTree.resolve("lib-disktune/journal")).count() >= 3,
                    "the journal lives in the tree");
        } finally {
            try (var walk = Files.walk(outside)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
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
        ToolCopy.copyTree(inTree, outside.resolve(name));
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

    /** cp -a of a file or a directory tree, through the real cp (keeps modes, owners and links). */
    private static final class ToolCopy {
        static void copyTree(Path from, Path to) {
            try {
                Process p = new ProcessBuilder("cp", "-a", from.toString(), to.toString()).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (p.waitFor() != 0) {
                    throw new IOException("cp -a " + from + " " + to + ": " + out);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
