package org.disktune.initramfs;

import static org.disktune.initramfs.RealDebianRoots.Generator.DRACUT;
import static org.disktune.initramfs.RealDebianRoots.Generator.INITRAMFS_TOOLS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.disktune.host.ToolRun;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RealDebianRoots.Run;
import org.disktune.initramfs.image.Compression;
import org.disktune.initramfs.image.EntryType;
import org.disktune.initramfs.image.ImageEntry;
import org.disktune.initramfs.image.ImageListing;
import org.disktune.initramfs.image.ImageSegment;
import org.disktune.initramfs.image.InitramfsImageReader;
import org.disktune.testing.Trees;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Images made by the real generators of Debian 12 (initramfs-tools 0.142 and dracut 059, run with
 * chroot in cached Debian roots, see {@link RealDebianRoots}) for every compression each offers:
 * the reader's listing must name exactly what the generator's own lister names, and every name's
 * type, mode, size, symlink target and file SHA-256 must equal what the generator's own extractor
 * (unmkinitramfs, lsinitrd --unpack; both run cpio -i) leaves on disk, later archives overriding
 * earlier ones as the kernel unpacks them. Each kernel module in an image must hash like the
 * module file in the root it came from. The tests fail (never skip) when the roots cannot be built.
 * The images are slow to make and independent: they are all started before the first test, two
 * at a time in test order, and each test waits for its own, so building overlaps checking.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("debootstrap")
class RealGeneratorImagesTest {
    /** Disk drivers of the cloud kernel (it has no ahci or sata_nv); MODULES=list keeps the images small. */
    private static final List<String> DISK_MODULES = List.of("ata_piix", "ata_generic", "sd_mod", "virtio_blk");
    /** One line of lsinitrd's listing (cpio -tv): mode, links, owner, group, size or "major, minor", date, name. */
    private static final Pattern LS_LINE = Pattern.compile(
            "^([-dlcbps][-rwxsStT]{9})\\s+\\d+\\s+\\S+\\s+\\S+\\s+(?:\\d+|\\d+,\\s*\\d+)\\s+\\w{3}\\s+\\d+\\s+[\\d:]+\\s(.*)$");

    private static final List<String> INITRAMFS_TOOLS_COMPRESSIONS = List.of("gzip", "bzip2", "lz4", "lzma", "lzop", "xz", "zstd");
    private static final List<String> DRACUT_COMPRESSIONS = List.of("--gzip", "--bzip2", "--lzma", "--xz", "--lzo", "--lz4", "--zstd", "--no-compress");

    private final InitramfsImageReader reader = new InitramfsImageReader();
    /** The image builds, by test key, started in {@link #startBuilds()}. */
    private final Map<String, Future<Built>> builds = new LinkedHashMap<>();
    private DebianRoot toolsRoot;
    private DebianRoot dracutRoot;
    private ExecutorService builders;

    /** An image a generator made (or failed to make) in a scratch directory inside its root. */
    private record Built(DebianRoot root, String scratch, String image, Run run) {
        Path imagePath() {
            run.requireSuccess();
            return root.path(image);
        }
    }

    static List<String> initramfsToolsCompressions() {
        return INITRAMFS_TOOLS_COMPRESSIONS;
    }

    static List<String> dracutCompressions() {
        return DRACUT_COMPRESSIONS;
    }

    @BeforeAll
    void startBuilds() {
        toolsRoot = RealDebianRoots.get(INITRAMFS_TOOLS);
        dracutRoot = RealDebianRoots.get(DRACUT);
        builders = Executors.newFixedThreadPool(2);
        builds.put("stock", builders.submit(() -> build(toolsRoot, false, scratch -> List.of("mkinitramfs", "-o", scratch + "/initrd.img", toolsRoot.kernel()))));
        for (String compress : INITRAMFS_TOOLS_COMPRESSIONS) {
            builds.put("mkinitramfs " + compress, builders.submit(() -> buildWithInitramfsTools(compress)));
        }
        for (String compress : DRACUT_COMPRESSIONS) {
            builds.put("dracut " + compress, builders.submit(() -> build(dracutRoot, true, scratch -> List.of("dracut", "-q", "--no-hostonly",
                    "--no-early-microcode", "-m", "base", "--drivers", String.join(" ", DISK_MODULES), compress, "-f",
                    scratch + "/initrd.img", dracutRoot.kernel()))));
        }
    }

    @AfterAll
    void stopBuilds() throws InterruptedException, IOException {
        if (builders == null) {
            return;
        }
        builders.shutdownNow();
        builders.awaitTermination(1, TimeUnit.MINUTES);
        for (Future<Built> f : builds.values()) {
            if (f.isDone() && !f.isCancelled()) {
                try {
                    Built b = f.get();
                    Trees.delete(b.root().path(b.scratch()));
                } catch (ExecutionException e) {
                    // the test that owns this build reported it
                }
            }
        }
    }

    /** Runs the generator command made for a new scratch directory; dracut needs /proc. */
    private static Built build(DebianRoot root, boolean withProc, Function<String, List<String>> argv) {
        String scratch = root.scratch();
        String[] command = argv.apply(scratch).toArray(String[]::new);
        Run run = withProc ? root.runWithProc(command) : root.run(command);
        return new Built(root, scratch, scratch + "/initrd.img", run);
    }

    /** mkinitramfs with a copy of the root's configuration, MODULES=list and the disk modules. */
    private Built buildWithInitramfsTools(String compress) throws IOException {
        String scratch = toolsRoot.scratch();
        String conf = scratch + "/conf";
        Trees.copy(toolsRoot.path("/etc/initramfs-tools"), toolsRoot.path(conf));
        Path confFile = toolsRoot.path(conf + "/initramfs.conf");
        Files.writeString(confFile, Files.readString(confFile).replaceAll("(?m)^MODULES=.*$", "MODULES=list"));
        Files.writeString(toolsRoot.path(conf + "/modules"), String.join("\n", DISK_MODULES) + "\n");
        String image = scratch + "/initrd.img";
        return new Built(toolsRoot, scratch, image, toolsRoot.run("mkinitramfs", "-d", conf, "-c", compress, "-o", image, toolsRoot.kernel()));
    }

    /** Waits for the build of this key; its failure fails the calling test. */
    private Built built(String key) {
        try {
            return builds.get(key).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("building " + key + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Order(2)
    @ParameterizedTest(name = "mkinitramfs -c {0}")
    @MethodSource("initramfsToolsCompressions")
    void initramfsToolsImageMatchesLsinitramfsAndUnmkinitramfs(String compress) throws IOException {
        Built built = built("mkinitramfs " + compress);
        DebianRoot root = built.root();
        String scratch = built.scratch();
        String image = built.image();
        try {
            ImageListing listing = reader.list(built.imagePath());

            List<Compression> expected = new ArrayList<>();
            if (root.microcode().contains("amd64-microcode")) {
                expected.add(Compression.NONE); // AMD's early microcode archive, forced "early" in the root
            }
            expected.add(initramfsToolsCompression(compress));
            assertEquals(expected, compressions(listing), "archives of the image");
            assertEquals(0, listing.segments().get(0).offset());
            assertEquals(listing.entries().stream().map(ImageEntry::path).collect(Collectors.toCollection(TreeSet::new)),
                    lsinitramfsNames(root, image), "names: reader vs lsinitramfs");
            UnpackedEntry.assertSame(unmkinitramfs(root, scratch, image, expected.size()), UnpackedEntry.of(listing),
                    "reader vs unmkinitramfs (" + compress + ")");
            assertModulesAsInRoot(root, listing, DISK_MODULES);
            assertModprobeFilesAsInRoot(root, listing);
            ImageSegment main = listing.segments().get(listing.segments().size() - 1);
            assertTrue(listing.entries().stream().filter(e -> e.path().endsWith(".ko"))
                    .allMatch(e -> e.archive() == main.index() && e.compression() == main.compression()), "modules come from the main archive");
        } finally {
            Trees.delete(root.path(scratch));
        }
    }

    @Order(3)
    @ParameterizedTest(name = "dracut {0}")
    @MethodSource("dracutCompressions")
    void dracutImageMatchesLsinitrdAndItsUnpack(String compress) throws IOException {
        Built built = built("dracut " + compress);
        DebianRoot root = built.root();
        String scratch = built.scratch();
        String image = built.image();
        try {
            ImageListing listing = reader.list(built.imagePath());

            assertEquals(List.of(new ImageSegment(1, dracutCompression(compress), 0)), listing.segments());
            TreeSet<String> names = listing.entries().stream().map(ImageEntry::path).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(names, lsinitrdNames(root, image), "names: reader vs lsinitrd");
            String unpacked = scratch + "/unpacked";
            Files.createDirectory(root.path(unpacked));
            root.runIn(unpacked, false, "lsinitrd", "--unpack", image).requireSuccess();
            UnpackedEntry.assertSame(UnpackedEntry.read(List.of(root.path(unpacked))), UnpackedEntry.of(listing),
                    "reader vs lsinitrd --unpack (" + compress + ")");
            if (compress.equals("--no-compress")) {
                assertEquals(names, cpioNames(root.path(image)), "names: reader vs this machine's cpio -t");
            }
            assertModulesAsInRoot(root, listing, DISK_MODULES);
            assertTrue(listing.entries().stream().anyMatch(e -> e.type() == EntryType.CHAR_DEVICE && e.path().equals("dev/console")),
                    "dracut run as root puts dev/console into the image");
        } finally {
            Trees.delete(root.path(scratch));
        }
    }

    /**
     * The stock Debian layout: CPU microcode in two uncompressed early archives, then the zstd main
     * archive with MODULES=most. lsinitrd lists only the microcode; the reader, like the kernel, sees
     * all three archives. Without microcode packages (a mirror without non-free-firmware) two early
     * archives are made with this machine's cpio and put in front of the generator's image.
     */
    @Order(1)
    @Test
    void stockImageWithEarlyMicrocodeIsReadWholeWhereLsinitrdSeesOnlyTheMicrocode() throws IOException {
        Built built = built("stock");
        DebianRoot root = built.root();
        String scratch = built.scratch();
        String image = built.image();
        String dracutScratch = dracutRoot.scratch();
        try {
            if (root.microcode().isEmpty()) {
                prependEarlyArchives(built.imagePath(), root.path(scratch));
            }

            ImageListing listing = reader.list(built.imagePath());

            assertEquals(List.of(Compression.NONE, Compression.NONE, Compression.ZSTD), compressions(listing), "archives of the stock image");
            UnpackedEntry.assertSame(unmkinitramfs(root, scratch, image, 3), UnpackedEntry.of(listing), "reader vs unmkinitramfs (stock)");
            assertEquals(listing.entries().stream().map(ImageEntry::path).collect(Collectors.toCollection(TreeSet::new)),
                    lsinitramfsNames(root, image), "names: reader vs lsinitramfs");
            List<String> microcode = List.of("kernel/x86/microcode/AuthenticAMD.bin", "kernel/x86/microcode/GenuineIntel.bin");
            for (int i = 0; i < microcode.size(); i++) {
                ImageEntry blob = listing.find(microcode.get(i)).orElseThrow(() -> new AssertionError("no microcode in the reader's listing"));
                assertEquals(List.of(i + 1, Compression.NONE), List.of(blob.archive(), blob.compression()), blob.path());
                assertTrue(blob.size() > 0, blob.path());
            }
            List<ImageEntry> modules = listing.entries().stream().filter(e -> e.path().endsWith(".ko")).toList();
            assertTrue(modules.size() > 100, "MODULES=most puts many modules in: " + modules.size());
            assertTrue(modules.stream().allMatch(e -> e.archive() == 3 && e.compression() == Compression.ZSTD));
            assertModulesAsInRoot(root, listing, List.of("ata_piix", "virtio_blk", "xfs", "btrfs"));
            assertEquals(EntryType.FILE, listing.find("init").orElseThrow().type());

            Files.copy(root.path(image), dracutRoot.path(dracutScratch + "/initrd.img"));
            TreeSet<String> lsinitrd = lsinitrdNames(dracutRoot, dracutScratch + "/initrd.img");
            assertTrue(lsinitrd.containsAll(microcode), "lsinitrd lists the microcode: " + lsinitrd);
            assertTrue(listing.entries().stream().map(ImageEntry::path).toList().containsAll(lsinitrd), "all lsinitrd names are in the reader's");
            assertFalse(lsinitrd.contains("init"), "lsinitrd (dracut 059) stops after the early archives");
            assertTrue(lsinitrd.stream().noneMatch(n -> n.endsWith(".ko")), "lsinitrd (dracut 059) lists no module of the main archive");
        } finally {
            Trees.delete(root.path(scratch));
            Trees.delete(dracutRoot.path(dracutScratch));
        }
    }

    private static Compression initramfsToolsCompression(String compress) {
        return switch (compress) {
            case "gzip" -> Compression.GZIP;
            case "bzip2" -> Compression.BZIP2;
            case "lz4" -> Compression.LZ4_LEGACY;
            case "lzma" -> Compression.LZMA;
            case "lzop" -> Compression.LZO;
            case "xz" -> Compression.XZ;
            case "zstd" -> Compression.ZSTD;
            default -> throw new IllegalArgumentException(compress);
        };
    }

    private static Compression dracutCompression(String flag) {
        return switch (flag) {
            case "--no-compress" -> Compression.NONE;
            case "--lzo" -> Compression.LZO;
            case "--lz4" -> Compression.LZ4_LEGACY;
            default -> initramfsToolsCompression(flag.substring(2));
        };
    }

    private static List<Compression> compressions(ImageListing listing) {
        return listing.segments().stream().map(ImageSegment::compression).toList();
    }

    /** lsinitramfs's names (it lists every archive; "." and repeats dropped). */
    private static TreeSet<String> lsinitramfsNames(DebianRoot root, String image) {
        String out = root.run("lsinitramfs", image).requireSuccess().stdout();
        return out.lines().map(RealGeneratorImagesTest::normalize).filter(n -> !n.isEmpty()).collect(Collectors.toCollection(TreeSet::new));
    }

    /** lsinitrd's names, from its ls -l style listing ("name -> target" for symlinks). */
    private static TreeSet<String> lsinitrdNames(DebianRoot root, String image) {
        String out = root.run("lsinitrd", image).requireSuccess().stdout();
        TreeSet<String> names = new TreeSet<>();
        for (String line : out.lines().toList()) {
            Matcher m = LS_LINE.matcher(line);
            if (m.matches()) {
                String name = m.group(1).startsWith("l") ? m.group(2).substring(0, m.group(2).indexOf(" -> ")) : m.group(2);
                if (!normalize(name).isEmpty()) {
                    names.add(normalize(name));
                }
            }
        }
        assertFalse(names.isEmpty(), "lsinitrd listed nothing: " + out.lines().limit(5).toList());
        return names;
    }

    /** What this machine's GNU cpio -t lists in an uncompressed archive. */
    private static TreeSet<String> cpioNames(Path archive) throws IOException {
        Path out = Files.createTempFile("cpio", ".t");
        try {
            ToolRun run = ToolRun.run(archive.getParent(), archive, out, List.of("cpio", "--quiet", "-i", "-t"));
            assertEquals(0, run.exitCode(), run.stderr());
            return Files.readAllLines(out, StandardCharsets.UTF_8).stream().map(RealGeneratorImagesTest::normalize)
                    .filter(n -> !n.isEmpty()).collect(Collectors.toCollection(TreeSet::new));
        } finally {
            Files.delete(out);
        }
    }

    /**
     * unmkinitramfs's extraction, merged as the kernel unpacks: one archive goes straight into the
     * directory, several into early, early2, ..., main, in image order.
     */
    private static Map<String, UnpackedEntry> unmkinitramfs(DebianRoot root, String scratch, String image, int archives) throws IOException {
        String dir = scratch + "/unmkinitramfs";
        root.run("unmkinitramfs", image, dir).requireSuccess();
        Path out = root.path(dir);
        if (archives == 1) {
            return UnpackedEntry.read(List.of(out));
        }
        List<Path> parts = new ArrayList<>();
        parts.add(out.resolve("early"));
        for (int i = 2; i < archives; i++) {
            parts.add(out.resolve("early" + i));
        }
        parts.add(out.resolve("main"));
        try (Stream<Path> list = Files.list(out)) {
            assertEquals(new TreeSet<>(parts), list.collect(Collectors.toCollection(TreeSet::new)), "unmkinitramfs's archive directories");
        }
        return UnpackedEntry.read(parts);
    }

    /** Every module in the image hashes like its file under /lib/modules/KERNEL in the root; the wanted ones are there. */
    private static void assertModulesAsInRoot(DebianRoot root, ImageListing listing, List<String> wanted) {
        Pattern modulePath = Pattern.compile("(?:usr/)?lib/modules/" + Pattern.quote(root.kernel()) + "/(.+\\.ko)");
        Map<String, String> inImage = new TreeMap<>();
        for (ImageEntry e : listing.entries()) {
            Matcher m = modulePath.matcher(e.path());
            if (e.type() == EntryType.FILE && m.matches()) {
                inImage.put(m.group(1), e.sha256());
            }
        }
        Map<String, String> inRoot = new TreeMap<>();
        inImage.keySet().forEach(rel -> inRoot.put(rel, UnpackedEntry.sha256(root.path("/lib/modules/" + root.kernel() + "/" + rel))));
        assertEquals(inRoot, inImage, "module bytes: root vs image");
        TreeSet<String> names = inImage.keySet().stream().map(p -> p.substring(p.lastIndexOf('/') + 1, p.length() - 3))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(List.of(), wanted.stream().filter(w -> !names.contains(w)).toList(), "wanted modules missing from the image");
    }

    /** initramfs-tools copies /etc/modprobe.d/*.conf into the image: the same names, the same bytes. */
    private static void assertModprobeFilesAsInRoot(DebianRoot root, ImageListing listing) throws IOException {
        Map<String, String> inRoot = new TreeMap<>();
        try (Stream<Path> list = Files.list(root.path("/etc/modprobe.d"))) {
            list.filter(p -> p.getFileName().toString().endsWith(".conf"))
                    .forEach(p -> inRoot.put("etc/modprobe.d/" + p.getFileName(), UnpackedEntry.sha256(p)));
        }
        Map<String, String> inImage = new TreeMap<>();
        listing.entries().stream().filter(e -> e.path().startsWith("etc/modprobe.d/")).forEach(e -> inImage.put(e.path(), e.sha256()));
        assertFalse(inRoot.isEmpty(), "the root has modprobe.d files");
        assertEquals(inRoot, inImage, "etc/modprobe.d: root vs image");
    }

    /** Puts two uncompressed early archives (fake AMD and Intel microcode) made by GNU cpio in front of image. */
    private static void prependEarlyArchives(Path image, Path work) throws IOException {
        Path whole = work.resolve("with-early.img");
        try (OutputStream out = Files.newOutputStream(whole)) {
            String[] vendors = {"AuthenticAMD", "GenuineIntel"};
            for (int i = 0; i < vendors.length; i++) {
                Path tree = work.resolve("early" + i);
                Path blob = tree.resolve("kernel/x86/microcode/" + vendors[i] + ".bin");
                Files.createDirectories(blob.getParent());
                byte[] data = new byte[5000 + 3000 * i];
                for (int j = 0; j < data.length; j++) {
                    data[j] = (byte) (j * 31 + i);
                }
                Files.write(blob, data);
                Path list = work.resolve("early" + i + ".list");
                Files.write(list, List.of(".", "kernel", "kernel/x86", "kernel/x86/microcode", "kernel/x86/microcode/" + vendors[i] + ".bin"));
                Path cpio = work.resolve("early" + i + ".cpio");
                ToolRun run = ToolRun.run(tree, list, cpio, List.of("cpio", "--quiet", "-o", "-H", "newc"));
                assertEquals(0, run.exitCode(), run.stderr());
                Files.copy(cpio, out);
            }
            Files.copy(image, out);
        }
        Files.move(whole, image, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static String normalize(String name) {
        List<String> parts = new ArrayList<>();
        for (String part : name.split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return String.join("/", parts);
    }
}
