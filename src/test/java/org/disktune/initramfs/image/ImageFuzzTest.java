package org.disktune.initramfs.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.disktune.fuzz.Fuzz;
import org.disktune.host.ToolRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The image reader over mutated initramfs images. Seeds: images made once per run by the real tools (GNU cpio in the
 * newc and crc formats, of a small tree with a file, a symlink, a hard link and a directory; compressed by gzip, bzip2,
 * xz --check=crc32, lzma, zstd, lz4 -l and lzop, the compressions the kernel unpacks; an uncompressed archive followed
 * by a gzip one, as early-microcode images are), plus the bundled lz4-legacy.img and lzop.img. Inputs are those seeds
 * mutated (bit flips, truncation, splicing, insertion), or a mutated cpio archive compressed afterwards (so that the
 * decoders pass and the cpio reader meets the damage). Invariant: list and sha256 return, or stop with disktune's own
 * one-line error, within {@link Fuzz#TIME_LIMIT}. Memory: {@link ImageFuzzChild} replays inputs of the same kind in a
 * child JVM with -Xmx64m, so a decoder that allocates what a corrupt header claims fails there.
 */
class ImageFuzzTest {
    static final List<byte[]> SEEDS = new ArrayList<>();
    static final List<byte[]> ARCHIVES = new ArrayList<>();

    static {
        try {
            build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void build() throws IOException {
        Path dir = Files.createTempDirectory("disktune-image-seeds");
        Path tree = dir.resolve("tree");
        Files.createDirectories(tree.resolve("etc/modprobe.d"));
        Files.writeString(tree.resolve("etc/modprobe.d/disktune.conf"), "options sata_nv adma=1\n");
        Files.writeString(tree.resolve("init"), "#!/bin/sh\nexec /sbin/init\n");
        Files.createSymbolicLink(tree.resolve("etc/link.conf"), Path.of("modprobe.d/disktune.conf"));
        Files.createLink(tree.resolve("etc/hard.conf"), tree.resolve("etc/modprobe.d/disktune.conf"));
        Path list = dir.resolve("list");
        Files.writeString(list, "etc\netc/modprobe.d\netc/modprobe.d/disktune.conf\netc/link.conf\netc/hard.conf\ninit\n");
        for (String format : List.of("newc", "crc")) {
            Path archive = dir.resolve(format + ".cpio");
            ToolRun cpio = ToolRun.run(tree, list, archive, List.of("cpio", "-o", "-H", format, "--quiet"));
            assertEquals(0, cpio.exitCode(), cpio.stderr());
            ARCHIVES.add(Files.readAllBytes(archive));
            SEEDS.add(Files.readAllBytes(archive));
            for (List<String> compressor : List.of(List.of("gzip", "-9", "-c"), List.of("bzip2", "-c"), List.of("xz", "--check=crc32", "-c"),
                    List.of("lzma", "-c"), List.of("zstd", "-q", "-c"), List.of("lz4", "-l", "-q", "-c"), List.of("lzop", "-c"))) {
                Path out = dir.resolve(format + "." + compressor.get(0));
                ToolRun run = ToolRun.run(dir, archive, out, compressor);
                assertEquals(0, run.exitCode(), compressor + ": " + run.stderr());
                SEEDS.add(Files.readAllBytes(out));
            }
        }
        SEEDS.add(Fuzz.concat(ARCHIVES.get(0), SEEDS.get(1)));
        for (String bundled : List.of("/initramfs/lz4-legacy.img", "/initramfs/lzop.img")) {
            SEEDS.add(ImageFuzzTest.class.getResourceAsStream(bundled).readAllBytes());
        }
        new org.disktune.host.AtomicFileWriter().deleteTree(dir);
    }

    /** Input number {@code i} of a run seeded with {@code seed}: the same in this JVM and in {@link ImageFuzzChild}. */
    static byte[] input(long seed, int i) {
        Random r = new Random(seed * 1_000_003L + i);
        if (r.nextInt(3) == 0) {
            byte[] archive = Fuzz.mutate(ARCHIVES.get(r.nextInt(ARCHIVES.size())), ARCHIVES.get(r.nextInt(ARCHIVES.size())),
                    1 + r.nextInt(4), List.of("070701", "070702", "TRAILER!!!", "\u0000\u0000\u0000\u0000", "00000000", "ffffffff"), r);
            Compression[] all = Compression.values();
            return compress(all[r.nextInt(all.length)], archive);
        }
        return Fuzz.mutate(SEEDS.get(r.nextInt(SEEDS.size())), SEEDS.get(r.nextInt(SEEDS.size())), r.nextInt(5),
                List.of("070701", "070702", "\u001f\u008b\u0008", "\u00fd7zXZ\u0000", "BZh9", "\u0028\u00b5\u002f\u00fd", "\u0002!L\u0018",
                        "\u0089LZO\u0000\r\n\u001a\n", "]\u0000\u0000\u0080\u0000", "TRAILER!!!"), r);
    }

    /** As the kernel's framings; xz and lzma at preset 0 (1 MiB dictionary), whose encoder fits the child's heap. */
    private static byte[] compress(Compression compression, byte[] data) {
        if (compression != Compression.XZ && compression != Compression.LZMA) {
            return SegmentCompressor.compress(compression, data);
        }
        try {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            org.tukaani.xz.LZMA2Options options = new org.tukaani.xz.LZMA2Options(0);
            try (java.io.OutputStream c = compression == Compression.XZ ? new org.tukaani.xz.XZOutputStream(out, options, org.tukaani.xz.XZ.CHECK_CRC32)
                    : new org.tukaani.xz.LZMAOutputStream(out, options, -1)) {
                c.write(data);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void anyImageListsOrStopsWithOneLine() {
        long seed = Fuzz.seed();
        Fuzz.run(images(seed, Fuzz.SHORT), seed, image -> read(image));
    }

    @Tag("fuzz")
    @Test
    void anyImageListsOrStopsWithOneLineLongRun() {
        long seed = Fuzz.seed();
        Fuzz.run(images(seed, Fuzz.LONG / 2), seed, image -> read(image));
    }

    /** Inputs 0 to count - 1 of the run seeded {@code seed}. */
    private static Stream<byte[]> images(long seed, int count) {
        return IntStream.range(0, count).mapToObj(i -> input(seed, i));
    }

    /** Lists the image and hashes every file it lists; returns "listed", "partial" or "refused". */
    static String read(byte[] image) {
        try {
            Path file = Files.createTempFile("disktune-fuzz", ".img");
            try {
                Files.write(file, image);
                InitramfsImageReader reader = new InitramfsImageReader();
                ImageListing listing = Fuzz.parse(image, () -> reader.list(file));
                if (listing == null) {
                    return "refused";
                }
                List<String> files = listing.entries().stream().filter(e -> e.type() == EntryType.FILE).map(ImageEntry::path).limit(8).toList();
                Fuzz.parse(image, () -> reader.sha256(file, files));
                return listing.complete() ? "listed" : "partial";
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The seeds themselves are good images: every one lists completely, with the options file. */
    @Test
    void everySeedListsCompletely() {
        for (byte[] seed : SEEDS) {
            assertEquals("listed", read(seed));
        }
        assertTrue(SEEDS.size() >= 19, "seeds: " + SEEDS.size());
    }

    /** Bounded memory: inputs of the same kind in a JVM with a 64 MiB heap; the child prints its counts. */
    @Test
    void childWithSixtyFourMebibytesReadsFiveHundredInputs() throws IOException {
        child(500);
    }

    @Tag("fuzz")
    @Test
    void childWithSixtyFourMebibytesReadsFourThousandInputs() throws IOException {
        child(4_000);
    }

    private static void child(int count) throws IOException {
        Path dir = Files.createTempDirectory("disktune-image-fuzz");
        try {
            Path out = dir.resolve("out.txt");
            long seed = Fuzz.seed();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ToolRun run = ToolRun.run(Path.of("").toAbsolutePath(), null, out, List.of(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                    ImageFuzzChild.class.getName(), Long.toString(seed), Integer.toString(count)));
            String report = Files.readString(out, StandardCharsets.UTF_8);
            System.out.print(report);
            assertEquals(0, run.exitCode(), report + run.stderr());
            assertTrue(report.contains("image fuzz: " + count + " inputs"), report);
        } finally {
            new org.disktune.host.AtomicFileWriter().deleteTree(dir);
        }
    }
}
