package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.apache.commons.compress.compressors.CompressorException;
import org.apache.commons.compress.compressors.CompressorStreamFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FileKernelLog asks commons-compress to detect a compression only when the file's first byte can start one of the
 * signatures {@link CompressorStreamFactory#detect} knows ({@link FileKernelLog#COMPRESSED_FIRST_BYTES}): the files it
 * reads as plain text without asking must be exactly those detect would call plain.
 */
class FileKernelLogTest {
    @TempDir
    Path dir;

    /** The names detect tries (its private ALL_NAMES): a new signature in a new commons-compress fails here first. */
    @Test
    void detectKnowsTheSignaturesTheFirstBytesCover() throws Exception {
        Field names = CompressorStreamFactory.class.getDeclaredField("ALL_NAMES");
        names.setAccessible(true);
        assertEquals(new TreeSet<>(Set.of("bzip2", "gz", "pack200", "snappy-framed", "z", "deflate", "xz", "lzma", "lz4-framed", "zstd")),
                new TreeSet<>((Set<?>) names.get(null)));
    }

    /** Every format commons-compress writes starts with one of the bytes; so do the signatures it only reads. */
    @Test
    void everyCompressedStreamStartsWithOneOfTheBytes() throws Exception {
        byte[] text = "[    0.000000] Linux version 6.1.0-57-amd64\n".repeat(40).getBytes(StandardCharsets.UTF_8);
        CompressorStreamFactory factory = new CompressorStreamFactory();
        for (String name : List.of("bzip2", "gz", "snappy-framed", "deflate", "xz", "lzma", "lz4-framed", "zstd")) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (OutputStream out = factory.createCompressorOutputStream(name, bytes)) {
                out.write(text);
            }
            byte[] compressed = bytes.toByteArray();
            assertEquals(name, CompressorStreamFactory.detect(new BufferedInputStream(new ByteArrayInputStream(compressed))));
            assertEquals(true, FileKernelLog.mayBeCompressed(new BufferedInputStream(new ByteArrayInputStream(compressed))), name);
        }
        // read-only signatures: compress (.Z) 1f 9d, pack200 ca fe d0 0d
        for (byte[] head : List.of(new byte[] {0x1f, (byte) 0x9d, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xd0, 0x0d, 0, 0, 0, 0, 0, 0, 0, 0})) {
            assertEquals(true, FileKernelLog.mayBeCompressed(new BufferedInputStream(new ByteArrayInputStream(head))));
        }
    }

    /**
     * For each first byte outside the set, 200 random heads (and the tails of every known signature after it): detect
     * calls each of them plain text, as FileKernelLog does without asking.
     */
    @Test
    void aHeadFileKernelLogReadsAsTextIsTextToDetect() throws IOException {
        Random random = new Random(20261202);
        List<byte[]> tails = List.of("Zh91AY&SY".getBytes(StandardCharsets.ISO_8859_1), new byte[] {(byte) 0x8b, 8, 0},
                new byte[] {(byte) 0xfe, (byte) 0xd0, 0x0d}, new byte[] {6, 0, 0, 's', 'N', 'a', 'P', 'p', 'Y'}, new byte[] {(byte) 0x9d},
                new byte[] {(byte) 0x9c}, new byte[] {'7', 'z', 'X', 'Z', 0}, new byte[] {0, 0, (byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                new byte[] {0x22, 0x4d, 0x18}, new byte[] {(byte) 0xb5, 0x2f, (byte) 0xfd});
        int plain = 0;
        for (int first = 0; first < 256; first++) {
            List<byte[]> heads = new ArrayList<>();
            for (int k = 0; k < 200; k++) {
                byte[] head = new byte[1 + random.nextInt(16)];
                random.nextBytes(head);
                heads.add(head);
            }
            for (byte[] tail : tails) {
                byte[] head = new byte[1 + tail.length];
                System.arraycopy(tail, 0, head, 1, tail.length);
                heads.add(head);
            }
            for (byte[] head : heads) {
                head[0] = (byte) first;
                if (!FileKernelLog.mayBeCompressed(new BufferedInputStream(new ByteArrayInputStream(head)))) {
                    plain++;
                    assertThrows(CompressorException.class, () -> CompressorStreamFactory.detect(new BufferedInputStream(new ByteArrayInputStream(head))),
                            () -> "detect found a compression in a head starting with byte " + Integer.toHexString(head[0] & 0xff));
                }
            }
        }
        assertEquals((256 - FileKernelLog.COMPRESSED_FIRST_BYTES.length()) * (200 + tails.size()), plain);
    }

    /** The stream is left where it was; an empty file is plain text. */
    @Test
    void theFirstByteIsLeftUnread() throws IOException {
        BufferedInputStream in = new BufferedInputStream(new ByteArrayInputStream("[ 1.0] x".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(false, FileKernelLog.mayBeCompressed(in));
        assertEquals('[', in.read());
        assertEquals(false, FileKernelLog.mayBeCompressed(new BufferedInputStream(new ByteArrayInputStream(new byte[0]))));
    }

    /** A text log that starts with a signature's first byte ("BIOS-e820") is asked about, found plain, and read. */
    @Test
    void textStartingWithASignaturesFirstByteIsStillText() throws IOException {
        Path log = Files.writeString(dir.resolve("dmesg"), "BIOS-e820: [mem 0x0000000000000000-0x000000000009fbff] usable\n[    1.5] ata1: SATA link up\n");
        try (KernelLogReader reader = new FileKernelLog(log).open()) {
            assertEquals(List.of(), reader.notes());
            assertEquals("BIOS-e820: [mem 0x0000000000000000-0x000000000009fbff] usable", reader.readLine());
            assertEquals("[    1.5] ata1: SATA link up", reader.readLine());
        }
        for (Map.Entry<String, String> compressed : Map.of("bzip2", "kern.log.bz2", "xz", "kern.log.xz", "zstd", "kern.log.zst").entrySet()) {
            Path file = dir.resolve(compressed.getValue());
            try (OutputStream out = new CompressorStreamFactory().createCompressorOutputStream(compressed.getKey(), Files.newOutputStream(file))) {
                out.write("[    0.000000] Linux version 6.1.0\n".getBytes(StandardCharsets.UTF_8));
            } catch (CompressorException e) {
                throw new IOException(e);
            }
            try (KernelLogReader reader = new FileKernelLog(file).open()) {
                assertEquals(List.of("read " + compressed.getKey() + "-compressed " + compressed.getValue()), reader.notes());
                assertEquals("[    0.000000] Linux version 6.1.0", reader.readLine());
            }
        }
    }
}
