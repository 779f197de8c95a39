package org.disktune.initramfs.image;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * A unified kernel image (UKI: a PE/COFF EFI stub with the kernel, command line and initramfs as
 * sections, as systemd's ukify and mkinitcpio -U make it): where its {@code .initrd} section lies, and
 * the kernel command line its {@code .cmdline} section carries. The initramfs inside is read like any
 * image, from that section's bytes. Reads the PE headers only (DOS header, COFF header, section table),
 * as the stub itself finds the sections at boot.
 */
public final class UnifiedKernelImage {
    /** The headers and section table of a UKI fit here (the stub's section table is near the start). */
    static final int HEADERS = 64 * 1024;
    private static final int SECTION_HEADER = 40;
    /** More of a .cmdline section than any kernel's COMMAND_LINE_SIZE; the rest is not read. */
    private static final int MAX_COMMAND_LINE = 64 * 1024;

    /** Where the initramfs lies in the file: byte offset and length. */
    record Section(long offset, long length) {
    }

    private UnifiedKernelImage() {
    }

    /**
     * The {@code .initrd} section of a PE image whose first bytes are {@code head} (up to {@link #HEADERS}), or empty
     * when {@code head} is not a PE image ("MZ" and a "PE\0\0" signature) or has no such section.
     */
    static Optional<Section> initrd(byte[] head) {
        return section(head, ".initrd");
    }

    /**
     * The command line in the {@code .cmdline} section of the UKI {@code image}, as systemd-stub passes it to the kernel
     * (up to its first NUL, trailing white space removed: ukify and mkinitcpio write it with a newline); empty when the
     * file is not a PE image or has no such section.
     */
    public static Optional<String> commandLine(Path image) throws IOException {
        try (SeekableByteChannel in = Files.newByteChannel(image)) {
            ByteBuffer head = fill(in, ByteBuffer.allocate(HEADERS));
            Optional<Section> cmdline = section(Arrays.copyOf(head.array(), head.position()), ".cmdline");
            if (cmdline.isEmpty()) {
                return Optional.empty();
            }
            // the kernel keeps at most COMMAND_LINE_SIZE bytes (2048 on x86, 4096 on arm64); more is not a command line
            in.position(cmdline.get().offset());
            ByteBuffer bytes = fill(in, ByteBuffer.allocate((int) Math.min(cmdline.get().length(), MAX_COMMAND_LINE)));
            String text = new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8);
            int nul = text.indexOf('\0');
            return Optional.of((nul >= 0 ? text.substring(0, nul) : text).strip());
        }
    }

    /**
     * The text of {@code file} a proof of kernel command line parameters looks in: a PE file's ("MZ") {@code .cmdline}
     * section as {@link #commandLine} reads it (empty without one: the stub passes no command line of its own), any
     * other file whole, as UTF-8 (a loader entry, grub.cfg).
     */
    public static String proofText(Path file) throws IOException {
        byte[] magic;
        try (InputStream in = Files.newInputStream(file)) {
            magic = in.readNBytes(2);
        }
        if (magic.length == 2 && magic[0] == 'M' && magic[1] == 'Z') {
            return commandLine(file).orElse("");
        }
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    /** Reads into the buffer until it is full or the file ends. */
    private static ByteBuffer fill(SeekableByteChannel in, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining() && in.read(buffer) > 0) {
            continue;
        }
        return buffer;
    }

    /** The section called {@code wanted} of a PE image whose first bytes are {@code head}. */
    private static Optional<Section> section(byte[] head, String wanted) {
        int length = head.length;
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        if (length < 0x40 || head[0] != 'M' || head[1] != 'Z') {
            return Optional.empty();
        }
        long pe = Integer.toUnsignedLong(b.getInt(0x3c));
        if (pe + 24 > length || b.getInt((int) pe) != 0x00004550) {
            return Optional.empty();
        }
        int sections = Short.toUnsignedInt(b.getShort((int) pe + 6));
        int optionalHeader = Short.toUnsignedInt(b.getShort((int) pe + 20));
        long table = pe + 24 + optionalHeader;
        for (int i = 0; i < sections && table + (long) (i + 1) * SECTION_HEADER <= length; i++) {
            int at = (int) (table + (long) i * SECTION_HEADER);
            String name = new String(head, at, 8, StandardCharsets.ISO_8859_1).replace("\0", "");
            if (name.equals(wanted)) {
                long virtualSize = Integer.toUnsignedLong(b.getInt(at + 8));
                long rawSize = Integer.toUnsignedLong(b.getInt(at + 16));
                long rawOffset = Integer.toUnsignedLong(b.getInt(at + 20));
                // the raw data is padded to the file alignment; the virtual size is the initramfs itself
                return Optional.of(new Section(rawOffset, virtualSize == 0 ? rawSize : Math.min(virtualSize, rawSize)));
            }
        }
        return Optional.empty();
    }

    /** The section's bytes of {@code file}, a stream at the file's start: skips to the section and ends with it. */
    static InputStream section(InputStream file, Section section) throws IOException {
        file.skipNBytes(section.offset());
        return new FilterInputStream(file) {
            private long left = section.length();

            @Override
            public int read() throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int b = in.read();
                if (b >= 0) {
                    left--;
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int off, int len) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int n = in.read(buffer, off, (int) Math.min(len, left));
                if (n > 0) {
                    left -= n;
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = in.skip(Math.min(n, left));
                left -= skipped;
                return skipped;
            }

            @Override
            public int available() throws IOException {
                return (int) Math.min(in.available(), left);
            }

            @Override
            public boolean markSupported() {
                return false;
            }
        };
    }
}
