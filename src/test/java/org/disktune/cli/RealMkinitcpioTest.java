package org.disktune.cli;

import static org.disktune.initramfs.RealDebianRoots.Generator.MKINITCPIO;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RootSnapshots;
import org.disktune.initramfs.image.Compression;
import org.disktune.initramfs.image.ImageListing;
import org.disktune.initramfs.image.ImageSegment;
import org.disktune.initramfs.image.InitramfsImageReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Arch's real mkinitcpio (39.2, vendored in src/test/mkinitcpio and installed into a cached Debian 12
 * root by debian-roots.sh) run by disktune in disposable copies of that root: {@code modprobe set}
 * puts the option file into the image by the {@code /etc/mkinitcpio.conf.d/} drop-in (a preset without
 * a config) or by the {@code FILES} line of /etc/mkinitcpio.conf in both its syntaxes (a preset naming
 * the config, so mkinitcpio runs with -c and reads no drop-in), rebuilds with {@code mkinitcpio -p
 * PRESET}, which writes the default and fallback images and a unified kernel image, and {@code initramfs
 * verify} proves the file in every one of them, as mkinitcpio's own lsinitcpio -x unpacks it; zstd,
 * gzip and xz images; {@code undo} and a failing mkinitcpio (an install hook that exits 1) put every
 * file back byte for byte; bad input (a preset naming a missing kernel, FILES set twice) is refused
 * with one line, exit 2 and nothing changed. The images are kept small (HOOKS=(base), the disk drivers
 * in MODULES): what is under test is where the file goes, the rebuild and the rollback.
 */
@Tag("debootstrap")
class RealMkinitcpioTest {
    private static final String OPTIONS_FILE = "/etc/modprobe.d/disktune.conf";
    private static final String CONF = "/etc/mkinitcpio.conf";
    private static final String DROP_IN = "/etc/mkinitcpio.conf.d/disktune.conf";
    private static final String PRESET = "/etc/mkinitcpio.d/debian.preset";
    private static final String UKI = "/boot/efi/EFI/Linux/debian.efi";
    /** Mount points, scratch space, disktune's journal and lock (they record the commands themselves). */
    private static final Set<String> NOT_COMPARED = Set.of("proc", "sys", "dev", "tmp", "var/lib/disktune", "run/disktune");

    @Test
    void dropInRebuildsEveryPresetImageAndTheUkiThenUndoAndAFailingHookRollBack() throws IOException {
        try (DisposableDebianRoot copy = copy()) {
            DebianRoot root = copy.root();
            String image = "/boot/initramfs-" + root.kernel() + ".img";
            String fallback = "/boot/initramfs-" + root.kernel() + "-fallback.img";
            configure(root, "FILES=()", null, false, true);
            RootSnapshots snapshots = new RootSnapshots(root.dir(), NOT_COMPARED);
            Map<String, String> before = snapshots.take();
            String conf = Files.readString(root.path(CONF));

            CliRun set = set(root);
            assertEquals(3, set.exitCode(), "set: reboot needed\n" + set.out() + set.err());
            assertEquals(conf, Files.readString(root.path(CONF)), "mkinitcpio.conf untouched: the drop-in carries the file");
            assertTrue(Files.readString(root.path(DROP_IN)).contains("FILES+=(" + OPTIONS_FILE + ")"), Files.readString(root.path(DROP_IN)));
            Map<String, String> afterSet = snapshots.take();
            assertEquals(new TreeSet<>(List.of(rel(image), rel(fallback), rel(UKI), rel(OPTIONS_FILE), rel(DROP_IN), "etc/disktune",
                    "etc/disktune/disktune.conf")), RootSnapshots.differences(before, afterSet), "what set changed in the root");
            assertTrue(set.out().contains(UKI), "the UKI is among the images rebuilt and checked:\n" + set.out());

            assertProvenInEvery(root, List.of(image, fallback, UKI));
            assertEquals(Compression.ZSTD, lastArchive(root, image), "mkinitcpio's default compression");

            CliRun again = set(root);
            assertEquals(0, again.exitCode(), again.out() + again.err());
            assertEquals(afterSet, snapshots.take(), "a repeated set changes nothing");

            CliRun undo = CliRun.run("--root", root.dir().toString(), "--chroot", "undo");
            assertEquals(3, undo.exitCode(), undo.out() + undo.err());
            Map<String, String> afterUndo = new HashMap<>(snapshots.take());
            afterUndo.remove("etc/disktune"); // undo leaves the directory set created, empty
            RootSnapshots.assertSame(before, afterUndo, "after undo");

            // an install hook that exits 1: mkinitcpio -p fails part way, every image and file as before
            Path hook = Files.writeString(root.path("/etc/initcpio/install/broken"),
                    "#!/bin/bash\nbuild() {\n    echo 'broken hook (disktune test)' >&2\n    exit 1\n}\n");
            Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rw-r--r--"));
            Files.writeString(root.path(CONF), conf.replace("HOOKS=(base)", "HOOKS=(base broken)"));
            Map<String, String> broken = snapshots.take();
            CliRun failed = set(root);
            assertEquals(5, failed.exitCode(), failed.out() + failed.err());
            assertTrue(failed.err().contains("exited 1"), failed.err());
            RootSnapshots.assertSame(broken, snapshots.take(), "after the rolled-back set");
            assertFalse(Files.exists(root.path(OPTIONS_FILE)));
        }
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource({"'FILES=(/etc/hostname)', gzip", "'FILES=\"\"', xz"})
    void filesLineOfMkinitcpioConfInBothSyntaxesWhenThePresetNamesTheConfig(String files, String compression) throws IOException {
        try (DisposableDebianRoot copy = copy()) {
            DebianRoot root = copy.root();
            String image = "/boot/initramfs-" + root.kernel() + ".img";
            String fallback = "/boot/initramfs-" + root.kernel() + "-fallback.img";
            configure(root, files, compression, true, false);
            RootSnapshots snapshots = new RootSnapshots(root.dir(), NOT_COMPARED);
            Map<String, String> before = snapshots.take();
            String conf = Files.readString(root.path(CONF));

            CliRun set = set(root);
            assertEquals(3, set.exitCode(), "set: reboot needed\n" + set.out() + set.err());
            String edited = files.endsWith(")") ? files.replaceFirst("\\)$", (files.equals("FILES=()") ? "" : " ") + OPTIONS_FILE + ")")
                    : files.replaceFirst("\"$", (files.equals("FILES=\"\"") ? "" : " ") + OPTIONS_FILE + "\"");
            assertEquals(conf.replace("\n" + files + "\n", "\n" + edited + "\n"), Files.readString(root.path(CONF)),
                    "only the FILES line changed");
            assertFalse(Files.exists(root.path(DROP_IN)), "no drop-in: mkinitcpio -c reads none");
            assertEquals(new TreeSet<>(List.of(rel(image), rel(fallback), rel(CONF), rel(OPTIONS_FILE), "etc/disktune",
                    "etc/disktune/disktune.conf")), RootSnapshots.differences(before, snapshots.take()), "what set changed in the root");

            assertProvenInEvery(root, List.of(image, fallback));
            for (String img : List.of(image, fallback)) {
                assertEquals(Compression.valueOf(compression.toUpperCase(java.util.Locale.ROOT)), lastArchive(root, img), img);
            }

            CliRun undo = CliRun.run("--root", root.dir().toString(), "--chroot", "undo");
            assertEquals(3, undo.exitCode(), undo.out() + undo.err());
            Map<String, String> afterUndo = new HashMap<>(snapshots.take());
            afterUndo.remove("etc/disktune");
            RootSnapshots.assertSame(before, afterUndo, "after undo");
        }
    }

    @Test
    void aPresetNamingAMissingKernelAndFilesSetTwiceAreRefusedWithNothingChanged() throws IOException {
        try (DisposableDebianRoot copy = copy()) {
            DebianRoot root = copy.root();
            configure(root, "FILES=()", null, true, false);
            RootSnapshots snapshots = new RootSnapshots(root.dir(), NOT_COMPARED);

            String preset = Files.readString(root.path(PRESET));
            Files.writeString(root.path(PRESET), preset.replace("/boot/vmlinuz-" + root.kernel(), "/boot/vmlinuz-6.1.0-99-gone-amd64"));
            Map<String, String> before = snapshots.take();
            CliRun missing = set(root);
            assertEquals(2, missing.exitCode(), missing.out() + missing.err());
            assertEquals(1, missing.err().strip().lines().count(), missing.err());
            assertTrue(missing.err().contains(PRESET) && missing.err().contains("/boot/vmlinuz-6.1.0-99-gone-amd64"), missing.err());
            RootSnapshots.assertSame(before, snapshots.take(), "after a preset naming a missing kernel");

            Files.writeString(root.path(PRESET), preset);
            String conf = Files.readString(root.path(CONF));
            Files.writeString(root.path(CONF), conf + "FILES=(/etc/hostname)\n");
            before = snapshots.take();
            CliRun twice = set(root);
            assertEquals(2, twice.exitCode(), twice.out() + twice.err());
            assertEquals(1, twice.err().strip().lines().count(), twice.err());
            assertTrue(twice.err().contains(CONF) && twice.err().contains("FILES"), twice.err());
            RootSnapshots.assertSame(before, snapshots.take(), "after a config with FILES set twice");
        }
    }

    private static DisposableDebianRoot copy() {
        DisposableDebianRoot copy = DisposableDebianRoot.copyOf(RealDebianRoots.get(MKINITCPIO));
        copy.mountProc();
        return copy;
    }

    private static CliRun set(DebianRoot root) {
        return CliRun.run("--root", root.dir().toString(), "--chroot", "modprobe", "set", "libata", "force=noncq");
    }

    /**
     * The stock mkinitcpio.conf with a small image (HOOKS=(base), no modconf, so FILES is what carries the file),
     * the given FILES line and COMPRESSION; the preset "debian" for the root's kernel (default and fallback,
     * naming the config or not, with a UKI or not); then the images, as the kernel package's hook would make them.
     */
    private static void configure(DebianRoot root, String files, String compression, boolean presetNamesConfig, boolean uki)
            throws IOException {
        String conf = Files.readString(root.path(CONF));
        assertTrue(conf.contains("\nFILES=()\n") && conf.contains("\nMODULES=()\n"), "the stock mkinitcpio.conf");
        conf = conf.replace("\nFILES=()\n", "\n" + files + "\n").replace("\nMODULES=()\n", "\nMODULES=(ata_piix sd_mod)\n")
                .replaceFirst("\nHOOKS=\\([^)]*\\)\n", "\nHOOKS=(base)\n");
        if (compression != null) {
            // xz's default level takes a minute per image on a busy 2-core machine; -1 makes the same format
            conf += "COMPRESSION=\"" + compression + "\"\n" + (compression.equals("xz") ? "COMPRESSION_OPTIONS=(-1)\n" : "");
        }
        Files.writeString(root.path(CONF), conf);
        List<String> preset = new ArrayList<>(List.of("PRESETS=('default' 'fallback')", "ALL_kver='/boot/vmlinuz-" + root.kernel() + "'"));
        if (presetNamesConfig) {
            preset.add("ALL_config='" + CONF + "'");
        }
        preset.add("default_image='/boot/initramfs-" + root.kernel() + ".img'");
        if (uki) {
            preset.add("default_uki='" + UKI + "'");
            Files.createDirectories(root.path(UKI).getParent());
            Files.writeString(Files.createDirectories(root.path("/etc/kernel")).resolve("cmdline"), "root=/dev/sda1 ro\n");
        }
        preset.add("fallback_image='/boot/initramfs-" + root.kernel() + "-fallback.img'");
        preset.add("fallback_options='-S autodetect'");
        Files.writeString(root.path(PRESET), String.join("\n", preset) + "\n");
        root.run("mkinitcpio", "-p", "debian").requireSuccess();
    }

    /** initramfs verify says ok for each image, and lsinitcpio -x unpacks the host's bytes from each. */
    private static void assertProvenInEvery(DebianRoot root, List<String> images) throws IOException {
        CliRun verify = CliRun.run("--root", root.dir().toString(), "initramfs", "verify");
        assertEquals(0, verify.exitCode(), verify.out() + verify.err());
        byte[] onHost = Files.readAllBytes(root.path(OPTIONS_FILE));
        for (String image : images) {
            assertTrue(verify.out().contains("ok       " + image + ": "), image + " in:\n" + verify.out());
            String scratch = root.scratch();
            root.runIn(scratch, false, "lsinitcpio", "-x", image).requireSuccess();
            Path unpacked = root.path(scratch + OPTIONS_FILE);
            assertTrue(Files.isRegularFile(unpacked), "lsinitcpio -x " + image + " has " + OPTIONS_FILE);
            assertArrayEquals(onHost, Files.readAllBytes(unpacked), OPTIONS_FILE + " as lsinitcpio unpacks it from " + image);
            assertNotEquals(0, onHost.length);
        }
    }

    /** The compression of the image's last (main) archive; mkinitcpio puts an uncompressed early archive first. */
    private static Compression lastArchive(DebianRoot root, String image) {
        ImageListing listing = new InitramfsImageReader().list(root.path(image));
        List<Compression> archives = listing.segments().stream().map(ImageSegment::compression).toList();
        return archives.get(archives.size() - 1);
    }

    private static String rel(String inside) {
        return inside.substring(1);
    }
}
