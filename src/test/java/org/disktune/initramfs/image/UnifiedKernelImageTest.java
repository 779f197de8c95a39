package org.disktune.initramfs.image;

import static org.disktune.initramfs.image.SegmentCompressor.compress;
import static org.disktune.initramfs.image.SegmentCompressor.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
        byte[] uki = UkiImages.pe(List.of(".osrel", ".cmdline", ".linux", ".initrd"), List.of("ID=debian\n".getBytes(StandardCharsets.UTF_8),
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
    void theCommandLineIsTheCmdlineSectionUpToItsNulWithoutTrailingWhiteSpace() throws IOException {
        byte[] initramfs = new CpioNewcWriter().dir("etc").file("etc/hostname", "uki\n").finish();
        try (FileSystem fs = Jimfs.newFileSystem(Configuration.unix())) {
            InitramfsImageReader reader = new InitramfsImageReader();
            Path withNewline = Files.write(fs.getPath("/a.efi"), UkiImages.pe(List.of(".cmdline", ".initrd"),
                    List.of("root=UUID=1234 ro quiet libata.force=noncq\n".getBytes(StandardCharsets.UTF_8), initramfs)));
            Path withNul = Files.write(fs.getPath("/b.efi"), UkiImages.pe(List.of(".cmdline", ".initrd"),
                    List.of("root=/dev/vda1 nvme_core.default_ps_max_latency_us=0\0garbage".getBytes(StandardCharsets.UTF_8), initramfs)));
            Path without = Files.write(fs.getPath("/c.efi"), UkiImages.pe(List.of(".linux", ".initrd"), List.of(filled(700, (byte) 1), initramfs)));
            Path plain = Files.write(fs.getPath("/initrd.img"), initramfs);

            assertEquals("root=UUID=1234 ro quiet libata.force=noncq", reader.list(withNewline).commandLine());
            assertEquals("root=/dev/vda1 nvme_core.default_ps_max_latency_us=0", reader.listWithoutHashes(withNul).commandLine());
            assertNull(reader.list(without).commandLine());
            assertNull(reader.list(plain).commandLine());
            assertEquals(reader.list(plain).entries(), reader.list(withNul).entries());
        }
    }

    @Test
    void aFileThatIsNoPeImageHasNoSection() {
        assertTrue(UnifiedKernelImage.initrd(new byte[] {'M', 'Z', 0, 0}).isEmpty());
        assertTrue(UnifiedKernelImage.initrd(filled(4096, (byte) 0)).isEmpty());
        byte[] noInitrd = UkiImages.pe(List.of(".linux"), List.of(filled(100, (byte) 1)));
        assertTrue(UnifiedKernelImage.initrd(noInitrd).isEmpty());
    }

    private static byte[] filled(int n, byte value) {
        byte[] b = new byte[n];
        Arrays.fill(b, value);
        return b;
    }
}
