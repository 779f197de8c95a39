package org.disktune.initramfs.image;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** Unified kernel images for tests: PE files laid out as an EFI stub's, with the sections given. */
public final class UkiImages {
    private UkiImages() {
    }

    /** A UKI with an os-release, this command line, a fake kernel and an uncompressed initramfs holding one file. */
    public static byte[] withFile(String commandLine, String path, String content) {
        CpioNewcWriter cpio = new CpioNewcWriter();
        String[] parts = path.split("/");
        StringBuilder dir = new StringBuilder();
        for (int i = 0; i < parts.length - 1; i++) {
            dir.append(i == 0 ? "" : "/").append(parts[i]);
            cpio.dir(dir.toString());
        }
        byte[] initramfs = cpio.file(path, content).finish();
        return pe(List.of(".osrel", ".cmdline", ".linux", ".initrd"), List.of("ID=debian\n".getBytes(StandardCharsets.UTF_8),
                (commandLine + "\n").getBytes(StandardCharsets.UTF_8), filled(3000, (byte) 0x90), initramfs));
    }

    /** The bytes of the .initrd section of a UKI made here (the plain initramfs inside it). */
    public static byte[] initrdOf(byte[] uki) {
        UnifiedKernelImage.Section s = UnifiedKernelImage.initrd(uki).orElseThrow();
        return Arrays.copyOfRange(uki, (int) s.offset(), (int) (s.offset() + s.length()));
    }

    /**
     * A PE image as an EFI stub lays it out: DOS header with e_lfanew, "PE\0\0", the COFF header, an optional header
     * (zeros here), the section table, then each section's data at a 512-byte file alignment, padded with 0xCC.
     */
    public static byte[] pe(List<String> names, List<byte[]> data) {
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
