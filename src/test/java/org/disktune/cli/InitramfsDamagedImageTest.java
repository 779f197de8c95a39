package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.disktune.host.ToolRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Images the kernel stops unpacking part way, made with the real programs (GNU cpio -H newc, gzip, zstd, lz4 -l) and
 * then damaged: {@code initramfs verify} exits 1 for each, naming where the kernel stops and what the boot loses,
 * although the file asked for (before the damage) is there. NUL bytes after the last archive are padding the kernel
 * skips (init/initramfs.c unpack_to_rootfs), and a compressed stream that unpacks to nothing after a complete
 * archive leaves its state machine in Reset: both unpack to their end.
 */
class InitramfsDamagedImageTest {
    private static final String OWN = "etc/modprobe.d/disktune.conf";

    @TempDir
    Path dir;

    private Path tree;
    private byte[] cpio;
    /** Where big.ko's header starts in the cpio archive: the first entry the kernel does not unpack whole. */
    private int bigKo;

    /** Packs tree with GNU cpio, names in the order given (as generators list them). */
    private byte[] cpio(Path from, List<String> names) throws IOException {
        return ToolRun.filter(from, List.of("cpio", "--quiet", "-o", "-H", "newc"),
                (String.join("\n", names) + "\n").getBytes(StandardCharsets.UTF_8), "cpio");
    }

    private byte[] tool(byte[] data, String debianPackage, String... argv) throws IOException {
        return ToolRun.filter(dir, List.of(argv), data, debianPackage);
    }

    @BeforeEach
    void tree() throws IOException {
        tree = dir.resolve("tree");
        Files.createDirectories(tree.resolve("etc/modprobe.d"));
        Files.createDirectories(tree.resolve("usr/lib/modules"));
        Files.writeString(tree.resolve(OWN), "options sata_nv adma=1\n");
        byte[] module = new byte[200_000];
        new Random(29).nextBytes(module);
        Files.write(tree.resolve("usr/lib/modules/big.ko"), module);
        Files.write(tree.resolve("usr/lib/modules/z.ko"), Arrays.copyOf(module, 3000));
        cpio = cpio(tree, List.of("etc", "etc/modprobe.d", OWN, "usr", "usr/lib", "usr/lib/modules", "usr/lib/modules/big.ko",
                "usr/lib/modules/z.ko"));
        bigKo = indexOf(cpio, "usr/lib/modules/big.ko\0".getBytes(StandardCharsets.US_ASCII)) - 110;
        assertTrue(bigKo > 0 && bigKo % 4 == 0, "big.ko's header at " + bigKo);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** initramfs verify of an image holding {@code bytes}, asking for disktune's file. */
    private CliRun verify(byte[] bytes) throws IOException {
        Path image = Files.write(dir.resolve("initrd.img"), bytes);
        return CliRun.run("initramfs", "verify", image.toString(), "/" + OWN + "=" + tree.resolve(OWN));
    }

    /** Exit 1, the file before the damage still "ok", and the error line starting as given. */
    private String damaged(CliRun run, String stops) {
        assertEquals(1, run.exitCode(), run.out() + run.err());
        assertEquals("", run.err());
        assertTrue(run.out().contains("ok       " + dir.resolve("initrd.img") + ": /" + OWN + ": same bytes as "), run.out());
        String prefix = "error    the kernel stops unpacking " + dir.resolve("initrd.img") + " at " + stops;
        assertTrue(run.out().startsWith(prefix), "expected " + prefix + "\n in " + run.out());
        String line = run.out().lines().findFirst().orElseThrow();
        assertTrue(line.endsWith("; only the files before it count: rebuild the image (disktune initramfs rebuild)"), line);
        return line;
    }

    @Test
    void aTruncatedCpioNamesTheEntryWhereTheKernelStopsAndTheBytesLost() throws IOException {
        byte[] truncated = Arrays.copyOf(cpio, 150_000);
        String line = damaged(verify(truncated), "offset " + bigKo + " (archive 1): truncated the data of 'usr/lib/modules/big.ko'");
        assertTrue(line.contains("; lost at boot: " + (150_000 - bigKo) + " of the image's 150000 bytes, from offset " + bigKo
                + " to its end, everything after 'usr/lib/modules' (the last file it unpacks whole)"), line);
    }

    @Test
    void aBitFlipInAZstdFrameIsAnErrorInThatStream() throws IOException {
        byte[] zstd = tool(cpio, "zstd", "zstd", "-q", "-c");
        zstd[zstd.length / 2] ^= 0x10;
        String line = damaged(verify(zstd), "unpacked byte ");
        assertTrue(line.matches(".* at unpacked byte \\d+ of the zstd stream at offset 0 \\(archive 1\\): corrupt zstd data .*"), line);
        assertTrue(line.contains("; lost at boot: the rest of that stream and whatever follows it in the " + zstd.length + "-byte image"), line);
    }

    @Test
    void aTruncatedLz4LegacyStreamIsAnError() throws IOException {
        byte[] lz4 = tool(cpio, "lz4", "lz4", "-q", "-l", "-c");
        String line = damaged(verify(Arrays.copyOf(lz4, 100_000)), "unpacked byte ");
        assertTrue(line.contains(" of the lz4 stream at offset 0 (archive 1): truncated"), line);
    }

    @Test
    void trailingGarbageIsAnErrorAtItsOffsetAndTrailingNulsArePadding() throws IOException {
        byte[] gzip = tool(cpio, "gzip", "gzip", "-c", "-n");
        byte[] garbage = "GARBAGE!".getBytes(StandardCharsets.US_ASCII);
        String line = damaged(verify(concat(gzip, garbage)), "offset " + gzip.length + " (archive 2): unknown magic 47 41 52 42");
        assertTrue(line.contains("(the kernel: \"invalid magic at start of compressed archive\")"), line);
        assertTrue(line.contains("lost at boot: 8 of the image's " + (gzip.length + 8) + " bytes, from offset " + gzip.length + " to its end"), line);

        CliRun padded = verify(concat(gzip, new byte[1000]));
        assertEquals(0, padded.exitCode(), padded.out() + padded.err());
        assertFalse(padded.out().contains("error"), padded.out());
    }

    @Test
    void aGzipMemberEndingInsideAnEntryIsJunkAtTheEndOfTheCompressedArchive() throws IOException {
        // A last file of 5 bytes, the archive cut right after its data: no padding to 4 and no TRAILER!!!, so the kernel's
        // state machine is still in SkipIt when the gzip member ends (state != Reset).
        Files.writeString(tree.resolve("etc/five"), "12345");
        byte[] archive = cpio(tree, List.of("etc", "etc/modprobe.d", OWN, "etc/five"));
        int five = indexOf(archive, "etc/five\0".getBytes(StandardCharsets.US_ASCII)) - 110;
        int dataEnd = five + 110 + 10 + 5; // header, "etc/five\0" padded to 4 with the header (110 + 9 -> 120), 5 bytes
        byte[] member = tool(Arrays.copyOf(archive, dataEnd), "gzip", "gzip", "-c", "-n");
        String line = damaged(verify(member), "unpacked byte " + five + " of the gzip stream at offset 0 (archive 1): truncated padding after "
                + "the entry at unpacked byte " + five + " (the kernel: \"junk at the end of compressed archive\")");
        assertTrue(line.contains("everything after 'etc/five' (the last file it unpacks whole)"), line);
    }

    @Test
    void aCompressedStreamHoldingNothingAfterACompleteArchiveIsWhatTheKernelAccepts() throws IOException {
        byte[] gzip = tool(cpio, "gzip", "gzip", "-c", "-n");
        for (byte[] nothing : List.of(new byte[0], new byte[512])) {
            CliRun run = verify(concat(gzip, tool(nothing, "gzip", "gzip", "-c", "-n")));
            assertEquals(0, run.exitCode(), run.out() + run.err());
            assertFalse(run.out().contains("error"), run.out());
        }
    }
}
