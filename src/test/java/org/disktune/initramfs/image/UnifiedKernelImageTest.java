package org.disktune.initramfs.image;

import static org.disktune.initramfs.image.SegmentCompressor.compress;
import static org.disktune.initramfs.image.SegmentCompressor.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import org.junit.jupiter.api.Test;

/**
 * A unified kernel image is read through its .initrd section: the same listing as the initramfs on its
 * own, and nothing of the stub, kernel or command line around it (the section's file padding is not NUL
 * here, so reading past its size would show).
 */
class UnifiedKernelImageTest {
    private static final String CONF = "options libata force=noncq\n";

    @Test
    void readsTheInitrdSectionLikeThePlainImage() throws IOException {
        byte[] early = new CpioNewcWriter().dir("kernel").file("kernel/early_cpio", "1\n").finish();
        byte[] main = new CpioNewcWriter().dir(".").dir("etc").dir("etc/modprobe.d").file("etc/modprobe.d/disktune.conf", CONF)
                .finish();
        byte[] initramfs = concat(early, compress(Compression.ZSTD, main));
        byte[] uki = pe(List.of(".osrel", ".cmdline", ".linux", ".initrd"), List.of("ID=debian\n".getBytes(StandardCharsets.UTF_8),
                "root=/dev/sda1 ro\n".getBytes(StandardCharsets.UTF_8), filled(5000, (byte) 0x90), initramfs));
        try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix())) {
            Path plain = Files.write(fs.getPath("/initramfs.img"), initramfs);
            Path efi = Files.write(fs.getPath("/debian.efi"), uki);
            InitramfsImageReader reader = new InitramfsImageReader();

            ImageListing fromUki = reader.list(efi);

            assertNull(fromUki.error(), String.valueOf(fromUki.error()));
            assertEquals(reader.list(plain).entries(), fromUki.entries());
            assertEquals(List.of(Compression.NONE, Compression.ZSTD), fromUki.segments().stream().map(ImageSegment::compression).toList());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertTrue(reader.copyTo(efi, "etc/modprobe.d/disktune.conf", out));
            assertArrayEquals(CONF.getBytes(StandardCharsets.UTF_8), out.toByteArray());
        }
    }

    @Test
    void aFileThatIsNoPeImageHasNoSection() {
        assertTrue(UnifiedKernelImage.initrd(new byte[] {'M', 'Z', 0, 0}).isEmpty());
        assertTrue(UnifiedKernelImage.initrd(filled(4096, (byte) 0)).isEmpty());
        byte[] noInitrd = pe(List.of(".linux"), List.of(filled(100, (byte) 1)));
        assertTrue(UnifiedKernelImage.initrd(noInitrd).isEmpty());
    }

    /**
     * A PE image as an EFI stub lays it out: DOS header with e_lfanew, "PE\0\0", the COFF header, an optional header
     * (zeros here), the section table, then each section's data at a 512-byte file alignment, padded with 0xCC.
     */
    private static byte[] pe(List<String> names, List<byte[]> data) {
        int peAt = 0x80;
        int optional = 240;
        int table = peAt + 24 + optional;
        int offset = align(table + 40 * names.size());
        int end = offset;
        for (byte[] d : data) {
            end = align(end + d.length);
        }
        ByteBuffer b = ByteBuffer.allocate(end).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) 'M').put(1, (byte) 'Z').putInt(0x3c, peAt);
        b.putInt(peAt, 0x00004550).putShort(peAt + 4, (short) 0x8664).putShort(peAt + 6, (short) names.size())
                .putShort(peAt + 20, (short) optional);
        for (int i = 0; i < names.size(); i++) {
            int at = table + 40 * i;
            byte[] name = Arrays.copyOf(names.get(i).getBytes(StandardCharsets.US_ASCII), 8);
            int raw = align(data.get(i).length);
            b.put(at, name).putInt(at + 8, data.get(i).length).putInt(at + 12, 0x1000 * (i + 1)).putInt(at + 16, raw)
                    .putInt(at + 20, offset);
            b.put(offset, data.get(i));
            b.put(offset + data.get(i).length, filled(raw - data.get(i).length, (byte) 0xCC));
            offset += raw;
        }
        return b.array();
    }

    private static int align(int n) {
        return (n + 511) / 512 * 512;
    }

    private static byte[] filled(int n, byte value) {
        byte[] b = new byte[n];
        Arrays.fill(b, value);
        return b;
    }
}
