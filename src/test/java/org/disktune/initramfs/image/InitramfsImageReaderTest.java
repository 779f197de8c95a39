package org.disktune.initramfs.image;

import static org.disktune.initramfs.image.SegmentCompressor.compress;
import static org.disktune.initramfs.image.SegmentCompressor.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class InitramfsImageReaderTest {
    private static final String CONF = "options sata_nv adma=0\n";
    private final InitramfsImageReader reader = new InitramfsImageReader();
    private FileSystem fs;

    @BeforeEach
    void setUp() {
        fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build());
    }

    @AfterEach
    void tearDown() throws IOException {
        fs.close();
    }

    private Path image(byte[] bytes) throws IOException {
        Path p = fs.getPath("/boot/initrd.img");
        Files.createDirectories(p.getParent());
        Files.write(p, bytes);
        return p;
    }

    static String sha(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] pseudoRandom(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Half random, half repetitive: compresses somewhat, takes several lzo blocks. */
    static byte[] module(int size) {
        byte[] b = pseudoRandom(size, 7);
        for (int i = 0; i < size; i += 2) {
            b[i] = (byte) (i % 13);
        }
        return b;
    }

    private static byte[] mainArchive() {
        return new CpioNewcWriter()
                .dir(".")
                .dir("etc")
                .dir("etc/modprobe.d")
                .file("etc/modprobe.d/disktune.conf", CONF)
                .dir("usr/lib/modules")
                .file("usr/lib/modules/sata_nv.ko", module(600_000))
                .symlink("lib", "usr/lib")
                .charDevice("dev/console")
                .file("empty", new byte[0])
                .finish();
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void readsEveryCompressionTheKernelAccepts(Compression compression) throws IOException {
        Path img = image(compress(compression, mainArchive()));

        ImageListing listing = reader.list(img);

        assertEquals(List.of(new ImageSegment(1, compression, 0)), listing.segments());
        assertEquals(List.of("etc", "etc/modprobe.d", "etc/modprobe.d/disktune.conf", "usr/lib/modules",
                "usr/lib/modules/sata_nv.ko", "lib", "dev/console", "empty"),
                listing.entries().stream().map(ImageEntry::path).toList());
        ImageEntry conf = listing.find("etc/modprobe.d/disktune.conf").orElseThrow();
        assertEquals(new ImageEntry("etc/modprobe.d/disktune.conf", EntryType.FILE, 0644, CONF.length(), null, 1, compression,
                sha(CONF.getBytes(StandardCharsets.UTF_8))), conf);
        ImageEntry ko = listing.find("usr/lib/modules/sata_nv.ko").orElseThrow();
        assertEquals(600_000, ko.size());
        assertEquals(sha(module(600_000)), ko.sha256());
        assertEquals(new ImageEntry("lib", EntryType.SYMLINK, 0777, 7, "usr/lib", 1, compression, null),
                listing.find("lib").orElseThrow());
        assertEquals(new ImageEntry("etc", EntryType.DIRECTORY, 0755, 0, null, 1, compression, null),
                listing.find("etc").orElseThrow());
        assertEquals(EntryType.CHAR_DEVICE, listing.find("dev/console").orElseThrow().type());
        assertEquals(sha(new byte[0]), listing.find("empty").orElseThrow().sha256());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(reader.copyTo(img, "/lib/modules/sata_nv.ko", out), "resolved through the lib -> usr/lib symlink");
        assertArrayEquals(module(600_000), out.toByteArray());
    }

    @Test
    void earlyUncompressedArchivePaddingThenCompressedMain() throws IOException {
        byte[] early = new CpioNewcWriter().dir("kernel").dir("kernel/x86").dir("kernel/x86/microcode")
                .file("kernel/x86/microcode/GenuineIntel.bin", pseudoRandom(3000, 1)).finish();
        byte[] second = new CpioNewcWriter().file("kernel/x86/microcode/AuthenticAMD.bin", "amd").finish();
        byte[] main = compress(Compression.ZSTD, mainArchive());
        byte[] img = concat(early, new byte[1024], second, main, new byte[333]);

        ImageListing listing = reader.list(image(img));

        assertEquals(List.of(new ImageSegment(1, Compression.NONE, 0),
                new ImageSegment(2, Compression.NONE, early.length + 1024),
                new ImageSegment(3, Compression.ZSTD, early.length + 1024 + second.length)), listing.segments());
        ImageEntry ucode = listing.find("kernel/x86/microcode/GenuineIntel.bin").orElseThrow();
        assertEquals(1, ucode.archive());
        assertEquals(Compression.NONE, ucode.compression());
        assertEquals(sha(pseudoRandom(3000, 1)), ucode.sha256());
        assertEquals(2, listing.find("kernel/x86/microcode/AuthenticAMD.bin").orElseThrow().archive());
        assertEquals(3, listing.find("etc/modprobe.d/disktune.conf").orElseThrow().archive());
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void continuesAfterEachCompressedStreamExactlyWhereItEnds(Compression compression) throws IOException {
        byte[] first = compress(compression, new CpioNewcWriter().file("a", "first").finish());
        byte[] second = compress(compression, new CpioNewcWriter().file("b", "second").finish());
        byte[] third = new CpioNewcWriter().file("c", "third").finish();
        // a cpio header is read only at a multiple of 4 (unpack_to_rootfs: !(this_header & 3)); NULs pad to it
        byte[] pad = new byte[-(first.length + second.length) & 3];
        byte[] img = concat(first, second, pad, third);

        ImageListing listing = reader.list(image(img));

        assertEquals(List.of(new ImageSegment(1, compression, 0), new ImageSegment(2, compression, first.length),
                new ImageSegment(3, Compression.NONE, first.length + second.length + pad.length)), listing.segments());
        assertTrue(listing.complete(), String.valueOf(listing.error()));
        assertEquals(sha("second".getBytes(StandardCharsets.UTF_8)), listing.find("b").orElseThrow().sha256());
        assertEquals(sha("third".getBytes(StandardCharsets.UTF_8)), listing.find("c").orElseThrow().sha256());
    }

    @Test
    void severalArchivesInsideOneCompressedStream() throws IOException {
        byte[] both = concat(new CpioNewcWriter().file("a", "one").finish(), new CpioNewcWriter().file("a", "two").finish());
        ImageListing listing = reader.list(image(compress(Compression.GZIP, both)));

        assertEquals(List.of(new ImageSegment(1, Compression.GZIP, 0), new ImageSegment(2, Compression.GZIP, 0)), listing.segments());
        assertEquals(new ImageEntry("a", EntryType.FILE, 0644, 3, null, 2, Compression.GZIP, sha("two".getBytes(StandardCharsets.UTF_8))),
                listing.find("a").orElseThrow());
    }

    @Test
    void newcWithCrcIsReadAndItsChecksumTested() throws IOException {
        byte[] archive = new CpioNewcWriter(true).file("etc/modprobe.d/disktune.conf", CONF).finish();
        ImageListing listing = reader.list(image(archive));
        assertEquals(sha(CONF.getBytes(StandardCharsets.UTF_8)), listing.find("etc/modprobe.d/disktune.conf").orElseThrow().sha256());

        // do_copy: the file is written, then "bad data checksum" stops the unpacking: it counts, the error is named
        int dataAt = new String(archive, StandardCharsets.ISO_8859_1).indexOf("options");
        archive[dataAt] ^= 0x01;
        ImageListing bad = reader.list(image(archive));
        assertEquals(List.of("etc/modprobe.d/disktune.conf"), bad.entries().stream().map(ImageEntry::path).toList());
        assertTrue(bad.error().message().startsWith("initrd.img: archive 1 (uncompressed) at offset 0: bad data checksum of "
                + "'etc/modprobe.d/disktune.conf'"), bad.error().message());
    }

    @Test
    void gnuHardLinkGroupReportsTheDataOnEveryName() throws IOException {
        byte[] busybox = pseudoRandom(5000, 3);
        byte[] archive = new CpioNewcWriter()
                .link("usr/bin/sh", 77, 3, new byte[0])
                .link("usr/bin/ls", 77, 3, new byte[0])
                .link("usr/bin/busybox", 77, 3, busybox)
                .file("after", "x")
                .finish();
        Path img = image(compress(Compression.GZIP, archive));

        ImageListing listing = reader.list(img);

        for (String name : List.of("usr/bin/sh", "usr/bin/ls", "usr/bin/busybox")) {
            ImageEntry e = listing.find(name).orElseThrow();
            assertEquals(5000, e.size(), name);
            assertEquals(sha(busybox), e.sha256(), name);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(reader.copyTo(img, "usr/bin/sh", out), "the data comes after the name");
        assertArrayEquals(busybox, out.toByteArray());
        assertEquals(Map.of("/usr/bin/ls", sha(busybox)), reader.sha256(img, List.of("/usr/bin/ls", "usr/bin/missing")));
    }

    @Test
    void hardLinkGroupWithDataOnTheFirstName() throws IOException {
        byte[] data = "payload".getBytes(StandardCharsets.UTF_8);
        byte[] archive = new CpioNewcWriter()
                .link("a", 5, 2, data)
                .link("b", 5, 2, new byte[0])
                .link("other", 6, 2, new byte[0])
                .finish();
        ImageListing listing = reader.list(image(archive));

        assertEquals(sha(data), listing.find("a").orElseThrow().sha256());
        assertEquals(sha(data), listing.find("b").orElseThrow().sha256());
        assertEquals(7, listing.find("b").orElseThrow().size());
        ImageEntry other = listing.find("other").orElseThrow();
        assertEquals(0, other.size(), "a group without data is empty");
        assertEquals(sha(new byte[0]), other.sha256());
    }

    @Test
    void hardLinkGroupsDoNotSpanArchives() throws IOException {
        byte[] first = new CpioNewcWriter().link("x", 9, 2, "data".getBytes(StandardCharsets.UTF_8)).finish();
        byte[] second = new CpioNewcWriter().link("y", 9, 2, new byte[0]).finish();
        ImageListing listing = reader.list(image(concat(first, second)));

        assertEquals(4, listing.find("x").orElseThrow().size());
        assertEquals(0, listing.find("y").orElseThrow().size(), "the kernel forgets links at TRAILER!!!");
    }

    @Test
    void bsdtarStyleFullCopiesWithZeroLinkCount() throws IOException {
        byte[] data = "same".getBytes(StandardCharsets.UTF_8);
        byte[] archive = new CpioNewcWriter()
                .entry("./usr/", 040755, 1, 0, new byte[0], 0)
                .entry("./usr/bin/a", 0100755, 2, 0, data, data.length)
                .entry("./usr/bin/b", 0100755, 2, 0, data, data.length)
                .finish();
        ImageListing listing = reader.list(image(compress(Compression.ZSTD, archive)));

        assertEquals(List.of("usr", "usr/bin/a", "usr/bin/b"), listing.entries().stream().map(ImageEntry::path).toList());
        assertEquals(sha(data), listing.find("usr/bin/a").orElseThrow().sha256());
        assertEquals(sha(data), listing.find("usr/bin/b").orElseThrow().sha256());
    }

    @Test
    void laterArchivesOverrideEarlierOnes() throws IOException {
        byte[] early = new CpioNewcWriter().file("etc/modprobe.d/disktune.conf", "old\n").file("keep", "k").finish();
        byte[] main = compress(Compression.XZ, new CpioNewcWriter().file("etc/modprobe.d/disktune.conf", CONF).finish());
        Path img = image(concat(early, main));

        ImageListing listing = reader.list(img);

        assertEquals(List.of("keep", "etc/modprobe.d/disktune.conf"), listing.entries().stream().map(ImageEntry::path).toList());
        ImageEntry conf = listing.find("etc/modprobe.d/disktune.conf").orElseThrow();
        assertEquals(2, conf.archive());
        assertEquals(Compression.XZ, conf.compression());
        assertEquals(sha(CONF.getBytes(StandardCharsets.UTF_8)), conf.sha256());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(reader.copyTo(img, "etc/modprobe.d/disktune.conf", out));
        assertEquals(CONF, out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void lz4LegacyBlocksOfEightMebibytes() throws IOException {
        byte[] big = new byte[9 << 20];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i / 1000);
        }
        byte[] archive = new CpioNewcWriter().file("big", big).finish();
        byte[] lz4 = SegmentCompressor.lz4Legacy(archive, 8 << 20);
        byte[] img = concat(lz4, new byte[4 + (-lz4.length & 3)], new CpioNewcWriter().file("next", "n").finish());

        ImageListing listing = reader.list(image(img));

        assertEquals(sha(big), listing.find("big").orElseThrow().sha256());
        assertEquals(2, listing.find("next").orElseThrow().archive());
    }

    @Test
    void lz4LegacyFollowedDirectlyByACpioArchive() throws IOException {
        byte[] first = SegmentCompressor.lz4Legacy(new CpioNewcWriter().file("a", "1").finish(), 1 << 20);
        byte[] img = concat(first, compress(Compression.LZ4_LEGACY, new CpioNewcWriter().file("b", "2").finish()),
                new CpioNewcWriter().file("c", "3").finish());
        ImageListing listing = reader.list(image(img));
        assertEquals(List.of(Compression.LZ4_LEGACY, Compression.LZ4_LEGACY, Compression.NONE),
                listing.segments().stream().map(ImageSegment::compression).toList());
        assertEquals(List.of("a", "b", "c"), listing.entries().stream().map(ImageEntry::path).toList());
    }

    @Test
    void symlinksResolveInsideTheImageOnly() throws IOException {
        byte[] archive = new CpioNewcWriter()
                .file("usr/lib/modprobe.d/x.conf", "x")
                .symlink("lib", "usr/lib")
                .symlink("abs", "/usr/lib/modprobe.d/x.conf")
                .symlink("up", "../../../usr/lib/modprobe.d/x.conf")
                .symlink("loop", "loop")
                .finish();
        Path img = image(archive);
        ImageListing listing = reader.list(img);

        assertEquals("usr/lib/modprobe.d/x.conf", listing.resolve("/lib/modprobe.d/x.conf").orElseThrow().path());
        assertEquals("usr/lib/modprobe.d/x.conf", listing.resolve("abs").orElseThrow().path());
        assertEquals("usr/lib/modprobe.d/x.conf", listing.resolve("up").orElseThrow().path());
        assertTrue(listing.resolve("loop").isEmpty());
        assertTrue(listing.resolve("lib/missing").isEmpty());
        assertEquals(EntryType.SYMLINK, listing.find("lib").orElseThrow().type());
        assertEquals(Map.of("lib/modprobe.d/x.conf", sha("x".getBytes(StandardCharsets.UTF_8))),
                reader.sha256(img, List.of("lib/modprobe.d/x.conf", "lib", "nothing")));
    }

    @Test
    void copyToReportsMissingNamesAndRefusesDirectories() throws IOException {
        Path img = image(mainArchive());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertFalse(reader.copyTo(img, "etc/nothing", out));
        DisktuneException e = assertThrows(DisktuneException.class, () -> reader.copyTo(img, "etc", out));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("initrd.img: 'etc' is a directory in the image, not a file", e.getMessage());
        assertTrue(reader.copyTo(img, "empty", out));
        assertEquals(0, out.size());
    }

    @Test
    void namesAreNormalized() throws IOException {
        byte[] archive = new CpioNewcWriter().file("/abs/x", "1").file("./dot/./y", "2").file("dir//z/", "3").finish();
        ImageListing listing = reader.list(image(archive));
        assertEquals(List.of("abs/x", "dot/y", "dir/z"), listing.entries().stream().map(ImageEntry::path).toList());
        assertNull(listing.find("abs/x").orElseThrow().linkTarget());
    }
}
