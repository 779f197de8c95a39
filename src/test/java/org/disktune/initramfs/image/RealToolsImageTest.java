package org.disktune.initramfs.image;

import static org.disktune.initramfs.image.InitramfsImageReaderTest.module;
import static org.disktune.initramfs.image.InitramfsImageReaderTest.pseudoRandom;
import static org.disktune.initramfs.image.InitramfsImageReaderTest.sha;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.disktune.host.ToolRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Images made by the real programs (GNU cpio -o -H newc, gzip, bzip2, xz, lzma, zstd, lz4 -l,
 * lzop) from a temporary tree: the listing must equal cpio -t, and every file's SHA-256 must
 * equal the file on disk (hard links included). A missing program fails the test, naming the
 * Debian package to install.
 */
class RealToolsImageTest {
    @TempDir
    Path dir;

    private static List<String> compressor(Compression compression, Path input) {
        String in = input.toString();
        return switch (compression) {
            case NONE -> List.of("cat", in);
            case GZIP -> List.of("gzip", "-c", "-n", "-9", in);
            case BZIP2 -> List.of("bzip2", "-c", in);
            case LZMA -> List.of("lzma", "-c", in);
            case XZ -> List.of("xz", "--check=crc32", "-c", in);
            case ZSTD -> List.of("zstd", "-q", "-19", "-c", in);
            case LZ4_LEGACY -> List.of("lz4", "-q", "-l", "-c", in);
            case LZO -> List.of("lzop", "-c", in);
        };
    }

    private static String debianPackage(String program) {
        return switch (program) {
            case "cat" -> "coreutils";
            case "xz", "lzma" -> "xz-utils";
            default -> program;
        };
    }

    private static void requireTool(String program) {
        assertTrue(ToolRun.onPath(program), "program '" + program + "' is missing: apt-get install -y " + debianPackage(program));
    }

    private static void run(Path workDir, Path stdin, Path stdout, List<String> argv) {
        requireTool(argv.get(0));
        ToolRun result = ToolRun.run(workDir, stdin, stdout, argv);
        assertEquals(0, result.exitCode(), argv + ": " + result.stderr());
    }

    /** Packs a tree with GNU cpio as initramfs generators do: find . | cpio -o -H newc. */
    private Path cpio(Path tree, String name) throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(tree)) {
            walk.sorted().forEach(p -> names.add(tree.relativize(p).toString().isEmpty() ? "." : "./" + tree.relativize(p)));
        }
        Path list = dir.resolve(name + ".list");
        Files.write(list, names, StandardCharsets.UTF_8);
        Path archive = dir.resolve(name);
        run(tree, list, archive, List.of("cpio", "--quiet", "-o", "-H", "newc"));
        return archive;
    }

    /** What cpio -t says is in an archive, normalized like the reader's paths, without the root. */
    private TreeSet<String> cpioList(Path archive) throws IOException {
        Path names = dir.resolve(archive.getFileName() + ".t");
        run(dir, archive, names, List.of("cpio", "--quiet", "-i", "-t"));
        TreeSet<String> result = new TreeSet<>();
        for (String line : Files.readAllLines(names, StandardCharsets.UTF_8)) {
            String normalized = String.join("/", ImageListing.components(line));
            if (!normalized.isEmpty()) {
                result.add(normalized);
            }
        }
        return result;
    }

    private static Map<String, String> fileHashes(Path tree) throws IOException {
        Map<String, String> hashes = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    hashes.put(tree.relativize(p).toString(), sha(Files.readAllBytes(p)));
                }
            }
        }
        return hashes;
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void listingMatchesGnuCpioAndTheBytesOnDisk(Compression compression) throws IOException {
        Path early = dir.resolve("early");
        Files.createDirectories(early.resolve("kernel/x86/microcode"));
        Files.write(early.resolve("kernel/x86/microcode/GenuineIntel.bin"), pseudoRandom(4000, 11));

        Path tree = dir.resolve("tree");
        Files.createDirectories(tree.resolve("etc/modprobe.d"));
        Files.createDirectories(tree.resolve("usr/bin"));
        Files.createDirectories(tree.resolve("usr/lib/modules"));
        Files.writeString(tree.resolve("etc/modprobe.d/disktune.conf"), "options sata_nv adma=0 swncq=1\n");
        Files.write(tree.resolve("usr/bin/busybox"), pseudoRandom(20_000, 5));
        Files.createLink(tree.resolve("usr/bin/sh"), tree.resolve("usr/bin/busybox"));
        Files.createLink(tree.resolve("usr/bin/ls"), tree.resolve("usr/bin/busybox"));
        Files.write(tree.resolve("usr/lib/modules/sata_nv.ko"), module(700_000));
        Files.createSymbolicLink(tree.resolve("lib"), tree.getFileSystem().getPath("usr/lib"));
        Files.write(tree.resolve("empty"), new byte[0]);

        Path earlyCpio = cpio(early, "early.cpio");
        Path mainCpio = cpio(tree, "main.cpio");
        Path packed = dir.resolve("main.packed");
        run(dir, null, packed, compressor(compression, mainCpio));
        Path image = dir.resolve("initrd.img");
        try (OutputStream out = Files.newOutputStream(image)) {
            Files.copy(earlyCpio, out);
            Files.copy(packed, out);
        }

        ImageListing listing = new InitramfsImageReader().list(image);

        assertEquals(List.of(new ImageSegment(1, Compression.NONE, 0), new ImageSegment(2, compression, Files.size(earlyCpio))),
                listing.segments());
        TreeSet<String> expectedNames = cpioList(earlyCpio);
        expectedNames.addAll(cpioList(mainCpio));
        assertEquals(expectedNames, new TreeSet<>(listing.entries().stream().map(ImageEntry::path).toList()));

        Map<String, String> expectedHashes = fileHashes(tree);
        fileHashes(early).forEach(expectedHashes::put);
        Map<String, String> actualHashes = new TreeMap<>();
        listing.entries().stream().filter(e -> e.type() == EntryType.FILE).forEach(e -> actualHashes.put(e.path(), e.sha256()));
        assertEquals(expectedHashes, actualHashes);
        assertEquals(sha(pseudoRandom(20_000, 5)), listing.find("usr/bin/sh").orElseThrow().sha256(), "GNU cpio hard-link group");
        assertEquals("usr/lib", listing.find("lib").orElseThrow().linkTarget());
        assertEquals(compression, listing.find("usr/lib/modules/sata_nv.ko").orElseThrow().compression());
    }
}
