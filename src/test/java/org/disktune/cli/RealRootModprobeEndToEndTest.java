package org.disktune.cli;

import static org.disktune.initramfs.RealDebianRoots.Generator.DRACUT;
import static org.disktune.initramfs.RealDebianRoots.Generator.INITRAMFS_TOOLS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RealDebianRoots.Generator;
import org.disktune.initramfs.RootSnapshots;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The whole promise on a real Debian 12 root (a disposable copy of a {@link RealDebianRoots} cache,
 * with /proc mounted, so the cache other tests share is never changed): {@code disktune --root ROOT
 * --chroot modprobe set libata force=noncq} writes the option and makes the root's own generator
 * (initramfs-tools or dracut, run by disktune with chroot) rebuild the image of the root's kernel;
 * {@code initramfs verify} accepts it and so do the generator's own extractors (unmkinitramfs,
 * lsinitrd --unpack) run inside the root; a second identical set changes and rebuilds nothing;
 * {@code undo} puts every file of the root back byte for byte, image included; and a generator that
 * fails (a broken hook in the root), or one that leaves the file out of the image it writes (a
 * hook that trims it, a dracut drop-in that assigns install_items), makes set exit 5 with every
 * file as before, image included.
 *
 * <p>To keep the run short, the copy's generator is configured for a small image before the first
 * build (initramfs-tools MODULES=list, dracut with the base module; both with the disk drivers
 * ata_piix and sd_mod): the stock configurations take a minute per build here, and what is under
 * test (modprobe.d in the image, the rebuild, the rollback) is the same. The tests fail, never
 * skip, when the roots cannot be built (not root, no debootstrap, no network).
 */
@Tag("debootstrap")
class RealRootModprobeEndToEndTest {
    private static final String OPTIONS_FILE = "/etc/modprobe.d/disktune.conf";
    private static final String DRACUT_DROP_IN = "/etc/dracut.conf.d/disktune.conf";
    /**
     * Not compared: mount points and scratch space; disktune's own journal and backups, which grow with
     * every change (undo is journaled too); and its lock file, which stays (a lock held with flock(2),
     * so a crashed holder leaves no stale lock; /run is a tmpfs on a booted system).
     */
    private static final Set<String> NOT_COMPARED = Set.of("proc", "sys", "dev", "tmp", "var/lib/disktune", "run/disktune");

    @Test
    void initramfsToolsSetVerifyRepeatUndoAndRollBack() throws IOException {
        endToEnd(INITRAMFS_TOOLS);
    }

    @Test
    void dracutSetVerifyRepeatUndoAndRollBack() throws IOException {
        endToEnd(DRACUT);
    }

    private void endToEnd(Generator generator) throws IOException {
        DebianRoot cached = RealDebianRoots.get(generator);
        long started = System.nanoTime();
        long t;
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(cached)) {
            DebianRoot root = copy.root();
            log(generator, "copied " + cached.dir() + " in " + copy.copyTime().toMillis() + " ms, " + copy.size() / (1 << 20) + " MiB");
            copy.mountProc();
            String image = "/boot/initrd.img-" + root.kernel();
            RootSnapshots snapshots = new RootSnapshots(root.dir(), NOT_COMPARED);
            configureSmallImage(generator, root);
            t = System.nanoTime();
            buildFirstImage(generator, root, image);
            log(generator, "first image built in " + ms(t) + " ms, " + Files.size(root.path(image)) + " bytes");
            String dir = root.dir().toString();

            t = System.nanoTime();
            // 1. the root as it was before disktune
            Map<String, String> before = snapshots.take();
            FileTime firstImageTime = Files.getLastModifiedTime(root.path(image));

            // 2. set: the file, the generator configuration, a real rebuild
            t = step(generator, "snapshot", t);
            CliRun set = CliRun.run("--root", dir, "--chroot", "modprobe", "set", "libata", "force=noncq");
            assertEquals(3, set.exitCode(), "set: reboot needed\n" + set.out() + set.err());
            assertEquals("", set.err());
            assertTrue(Files.readString(root.path(OPTIONS_FILE)).lines().anyMatch(l -> l.equals("options libata force=noncq")),
                    Files.readString(root.path(OPTIONS_FILE)));
            Map<String, String> afterSet = snapshots.take();
            assertNotEquals(before.get(rel(image)), afterSet.get(rel(image)), "the image was rebuilt");
            assertNotEquals(firstImageTime, Files.getLastModifiedTime(root.path(image)));
            Set<String> expectedChanges = new TreeSet<>(List.of(rel(image), rel(OPTIONS_FILE), "etc/disktune", "etc/disktune/disktune.conf"));
            if (generator == DRACUT) {
                expectedChanges.add(rel(DRACUT_DROP_IN));
                assertTrue(Files.readString(root.path(DRACUT_DROP_IN)).contains("install_items+=\" " + OPTIONS_FILE + " \""),
                        Files.readString(root.path(DRACUT_DROP_IN)));
            }
            assertEquals(expectedChanges, RootSnapshots.differences(before, afterSet), "what set changed in the root");

            t = step(generator, "set", t);

            // 3. disktune's proof, and the generator's own tools agree
            CliRun verify = CliRun.run("--root", dir, "initramfs", "verify");
            assertEquals(0, verify.exitCode(), verify.out() + verify.err());
            assertTrue(verify.out().contains("ok       " + image + ": "), verify.out());
            assertArrayEquals(Files.readAllBytes(root.path(OPTIONS_FILE)), extractWithGeneratorTools(generator, root, image, OPTIONS_FILE),
                    OPTIONS_FILE + " as the generator's own extractor unpacks it");

            t = step(generator, "verify and extraction", t);

            // 4. the same set again: nothing written, nothing rebuilt
            FileTime rebuiltTime = Files.getLastModifiedTime(root.path(image));
            CliRun again = CliRun.run("--root", dir, "--chroot", "modprobe", "set", "libata", "force=noncq");
            assertEquals(0, again.exitCode(), again.out() + again.err());
            assertEquals(afterSet, snapshots.take(), "a repeated set changes nothing");
            assertEquals(rebuiltTime, Files.getLastModifiedTime(root.path(image)), "no rebuild");

            t = step(generator, "repeated set", t);

            // 5. undo: every file as in step 1 (disktune's journal and backups excepted: they record the undo)
            CliRun undo = CliRun.run("--root", dir, "--chroot", "undo");
            assertEquals(3, undo.exitCode(), undo.out() + undo.err());
            assertFalse(Files.exists(root.path(OPTIONS_FILE)));
            assertFalse(Files.exists(root.path(DRACUT_DROP_IN)));
            // undo restores every file; the directory /etc/disktune that set created stays, empty, as undo leaves directories
            Map<String, String> afterUndo = new java.util.HashMap<>(snapshots.take());
            afterUndo.remove("etc/disktune");
            RootSnapshots.assertSame(before, afterUndo, "after undo");

            t = step(generator, "undo", t);

            // 6. a generator that fails: exit 5, every file as before
            breakGenerator(generator, root);
            Map<String, String> broken = snapshots.take();
            CliRun failed = CliRun.run("--root", dir, "--chroot", "modprobe", "set", "libata", "force=noncq");
            assertEquals(5, failed.exitCode(), failed.out() + failed.err());
            assertTrue(failed.err().contains("exited 1"), failed.err());
            RootSnapshots.assertSame(broken, snapshots.take(), "after the rolled-back set");
            assertFalse(Files.exists(root.path(OPTIONS_FILE)));

            t = step(generator, "failing generator", t);

            // 7. a generator that succeeds but leaves the file out: disktune's check after the rebuild
            // fails, the rewritten image is replaced by the previous one, exit 5
            repairGenerator(generator, root);
            makeGeneratorForgetTheFile(generator, root);
            Map<String, String> forgetful = snapshots.take();
            CliRun forgotten = CliRun.run("--root", dir, "--chroot", "modprobe", "set", "libata", "force=noncq");
            assertEquals(5, forgotten.exitCode(), forgotten.out() + forgotten.err());
            assertTrue(forgotten.err().contains(OPTIONS_FILE + " is missing from " + image), forgotten.err());
            // "restored" is said only of a file whose bytes differed from its backup: the generator did rewrite the image
            assertTrue(forgotten.err().contains("restored " + image), forgotten.err());
            RootSnapshots.assertSame(forgetful, snapshots.take(), "after the rolled-back set with a forgetful generator");
        }
        log(generator, "forgetful generator and clean-up: " + ms(t) + " ms; whole test " + ms(started) + " ms");
    }

    /** The generator's configuration for a small image with the disk drivers, as an admin might set it. */
    private static void configureSmallImage(Generator generator, DebianRoot root) throws IOException {
        switch (generator) {
            case INITRAMFS_TOOLS -> {
                Files.writeString(root.path("/etc/initramfs-tools/conf.d/small-image"), "MODULES=list\n");
                Files.writeString(root.path("/etc/initramfs-tools/modules"), "ata_piix\nsd_mod\n", StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.APPEND);
            }
            case DRACUT -> Files.writeString(root.path("/etc/dracut.conf.d/small-image.conf"),
                    "hostonly=\"no\"\ndracutmodules=\" base \"\ndrivers=\" ata_piix sd_mod \"\nearly_microcode=\"no\"\n");
        }
    }

    /** The image the kernel package's postinst hook would have made. */
    private static void buildFirstImage(Generator generator, DebianRoot root, String image) {
        switch (generator) {
            case INITRAMFS_TOOLS -> root.run("update-initramfs", "-c", "-k", root.kernel()).requireSuccess();
            case DRACUT -> root.run("dracut", "-q", "-f", image, root.kernel()).requireSuccess();
        }
        assertTrue(Files.isRegularFile(root.path(image)), image + " was built");
    }

    /** Unpacks the image with the generator's own extractor inside the root; the bytes of {@code file} in it. */
    private static byte[] extractWithGeneratorTools(Generator generator, DebianRoot root, String image, String file) throws IOException {
        String scratch = root.scratch();
        List<Path> found = new ArrayList<>();
        switch (generator) {
            case INITRAMFS_TOOLS -> {
                // unmkinitramfs puts each early (microcode) archive in early*/ and the main one in main/, or all in . without early ones
                root.run("unmkinitramfs", image, scratch + "/unpacked").requireSuccess();
                try (Stream<Path> walk = Files.walk(root.path(scratch + "/unpacked"))) {
                    walk.filter(p -> p.endsWith(file.substring(1))).forEach(found::add);
                }
            }
            case DRACUT -> {
                Files.createDirectory(root.path(scratch + "/unpacked"));
                root.runIn(scratch + "/unpacked", false, "lsinitrd", "--unpack", image).requireSuccess();
                Path unpacked = root.path(scratch + "/unpacked" + file);
                if (Files.exists(unpacked)) {
                    found.add(unpacked);
                }
            }
        }
        if (found.size() != 1) {
            fail("the generator's extractor found " + found.size() + " copies of " + file + " in " + image + ": " + found);
        }
        return Files.readAllBytes(found.get(0));
    }

    /** A hook that exits 1, installed where the generator runs it early. */
    private static void breakGenerator(Generator generator, DebianRoot root) throws IOException {
        Path script;
        switch (generator) {
            case INITRAMFS_TOOLS -> script = Files.writeString(root.path("/etc/initramfs-tools/hooks/00-broken"),
                    "#!/bin/sh\n[ \"$1\" = prereqs ] && exit 0\necho 'broken hook (disktune test)' >&2\nexit 1\n");
            case DRACUT -> {
                Files.writeString(root.path("/etc/dracut.conf.d/broken.conf"), "add_dracutmodules+=\" broken \"\n");
                Path module = Files.createDirectories(root.path("/usr/lib/dracut/modules.d/00broken"));
                script = Files.writeString(module.resolve("module-setup.sh"),
                        "#!/bin/bash\ncheck() { return 0; }\ndepends() { return 0; }\n"
                                + "installkernel() { echo 'broken module (disktune test)' >&2; return 1; }\n");
            }
            default -> throw new IllegalArgumentException(generator.toString());
        }
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Takes out what {@link #breakGenerator} put in. */
    private static void repairGenerator(Generator generator, DebianRoot root) throws IOException {
        switch (generator) {
            case INITRAMFS_TOOLS -> Files.delete(root.path("/etc/initramfs-tools/hooks/00-broken"));
            case DRACUT -> {
                Files.delete(root.path("/etc/dracut.conf.d/broken.conf"));
                Files.delete(root.path("/usr/lib/dracut/modules.d/00broken/module-setup.sh"));
                Files.delete(root.path("/usr/lib/dracut/modules.d/00broken"));
            }
        }
    }

    /**
     * Configuration mistakes that make the generator build an image without disktune's file: an
     * initramfs-tools hook that deletes it from the image tree (hooks run after modprobe.d is copied),
     * a later dracut drop-in that assigns install_items instead of appending to it.
     */
    private static void makeGeneratorForgetTheFile(Generator generator, DebianRoot root) throws IOException {
        switch (generator) {
            case INITRAMFS_TOOLS -> {
                Path hook = Files.writeString(root.path("/etc/initramfs-tools/hooks/zz-trim"),
                        "#!/bin/sh\n[ \"$1\" = prereqs ] && exit 0\nrm -f \"${DESTDIR}" + OPTIONS_FILE + "\"\n");
                Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            case DRACUT -> Files.writeString(root.path("/etc/dracut.conf.d/zz-local.conf"), "install_items=\" /etc/hostname \"\n");
        }
    }

    private static String rel(String inside) {
        return inside.substring(1);
    }

    /** Logs how long a step took; the start of the next. */
    private static long step(Generator generator, String what, long startNanos) {
        log(generator, what + ": " + ms(startNanos) + " ms");
        return System.nanoTime();
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static void log(Generator generator, String message) {
        System.out.println("[" + generator + "] " + message);
    }
}
