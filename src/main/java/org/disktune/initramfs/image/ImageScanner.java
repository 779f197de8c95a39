package org.disktune.initramfs.image;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.apache.commons.compress.archivers.cpio.CpioArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.lzma.LZMACompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorInputStream;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * One streaming pass over an image in the order the kernel unpacks it (init/initramfs.c): skip NUL
 * padding, detect the next segment by magic, read cpio archives from it (several may share one
 * compressed stream), continue right after the compressed stream. Entries go to a sink; nothing
 * is buffered beyond a block of a decoder. Every failure becomes one DisktuneException line naming
 * the image, the archive, its compression and its offset.
 */
final class ImageScanner {
    /** newc header: magic and 13 fields of 8 hex digits. */
    private static final int NEWC_HEADER = 110;
    /** PATH_MAX: the kernel refuses longer names (the size includes the NUL). */
    private static final int MAX_NAME_SIZE = 4096;
    private static final int MAX_LINK_TARGET = 4095;
    /** Dictionary memory allowed to xz and lzma streams (xz -9 and lzma -9 need 64 MiB). */
    private static final int MEMORY_LIMIT_KIB = 128 * 1024;

    /** Receives what a scan finds, in image order. */
    interface EntrySink {
        void archiveStarted(ImageSegment segment);

        /**
         * One entry (not the root "." and not the trailer). For files, data yields exactly the
         * entry's bytes; read it or not. Returns false to end the scan here.
         */
        boolean entry(ScannedEntry entry, InputStream data) throws IOException;

        void archiveEnded(int archive);
    }

    /** An entry as stored; ordinal counts entries over the whole image. */
    record ScannedEntry(long ordinal, String path, EntryType type, int mode, long size, long links, long devMajor,
            long devMinor, long inode, String linkTarget, int archive, Compression compression) {
    }

    private final Path image;
    private final String name;
    private final byte[] scratch = new byte[64 * 1024];
    private int archive;
    private Compression compression;
    private long offset;
    private String phase;
    private long ordinal;

    ImageScanner(Path image) {
        this.image = image;
        Path fileName = image.getFileName();
        this.name = fileName == null ? image.toString() : fileName.toString();
    }

    /** Scans the whole image (or up to the entry where the sink stops it). */
    void scan(EntrySink sink) {
        InputStream raw;
        try {
            raw = Files.newInputStream(image);
        } catch (NoSuchFileException e) {
            throw new DisktuneException(ExitCode.USAGE, name + ": no such image file; give the path of an initramfs image");
        } catch (AccessDeniedException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, name + ": permission denied reading the image; run as root");
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, name + ": cannot open the image: " + oneLine(e.getMessage()));
        }
        try (ImageInput in = new ImageInput(new FileReads(raw))) {
            run(in, sink);
        } catch (Stop stop) {
            // the sink has what it wanted
        } catch (FileReadFailure e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, name + ": cannot read the image: " + oneLine(e.getCause().getMessage()), e);
        } catch (DisktuneException e) {
            throw e;
        } catch (ImageFormatException e) {
            throw failure(e.getMessage(), e);
        } catch (EOFException e) {
            String message = e.getMessage();
            throw failure(message != null && message.startsWith("truncated") ? message : "truncated " + phase, e);
        } catch (IOException e) {
            String kind = compression == null || compression == Compression.NONE ? "cpio" : compression.kernelName();
            throw failure("corrupt " + kind + " data while reading " + phase + ": " + oneLine(e.getMessage()), e);
        } catch (RuntimeException e) {
            throw failure("corrupt data while reading " + phase + ": " + e.getClass().getSimpleName() + " " + oneLine(e.getMessage()), e);
        }
    }

    private void run(ImageInput in, EntrySink sink) throws IOException {
        byte[] head = new byte[6];
        phase = "the image";
        if (in.peek(head, 1) == 0) {
            throw new ImageFormatException("empty image");
        }
        while (true) {
            in.skipZeros();
            offset = in.position();
            int n = in.peek(head, head.length);
            if (n == 0) {
                break;
            }
            archive++;
            compression = null;
            phase = "the segment magic";
            compression = detect(head, n);
            if (compression == Compression.NONE) {
                readArchive(in, sink);
                continue;
            }
            phase = "the " + compression.kernelName() + " stream header";
            ImageInput unpacked = new ImageInput(open(compression, in));
            boolean first = true;
            while (true) {
                phase = "the " + compression.kernelName() + " stream";
                unpacked.skipZeros();
                int k = unpacked.peek(head, head.length);
                if (k == 0) {
                    break;
                }
                if (!first) {
                    archive++;
                }
                if (!isNewc(head, k)) {
                    throw new ImageFormatException("junk inside the " + compression.kernelName()
                            + " stream at unpacked byte " + unpacked.position() + ": not a cpio newc header");
                }
                readArchive(unpacked, sink);
                first = false;
            }
            if (first) {
                throw new ImageFormatException("the " + compression.kernelName() + " stream holds no cpio archive");
            }
        }
        if (archive == 0) {
            compression = null;
            throw new ImageFormatException("only NUL bytes, no cpio archive");
        }
    }

    private void readArchive(ImageInput in, EntrySink sink) throws IOException {
        sink.archiveStarted(new ImageSegment(archive, compression, offset));
        String where = compression == Compression.NONE ? "byte " : "unpacked byte ";
        CpioArchiveInputStream cpio = new CpioArchiveInputStream(in, 4, StandardCharsets.UTF_8.name());
        while (true) {
            phase = "the cpio header at " + where + in.position();
            checkHeader(in, phase);
            CpioArchiveEntry stored = cpio.getNextEntry();
            if (stored == null) {
                break;
            }
            String path = normalize(stored.getName());
            EntryType type = EntryType.ofMode(stored.getMode());
            if (type == null) {
                throw new ImageFormatException(String.format("entry '%s' has no file type in mode %o", path, stored.getMode()));
            }
            phase = "the data of '" + path + "'";
            String linkTarget = null;
            if (type == EntryType.SYMLINK) {
                if (stored.getSize() > MAX_LINK_TARGET) {
                    throw new ImageFormatException("symlink '" + path + "' has a target of " + stored.getSize() + " bytes (the kernel allows 4095)");
                }
                int size = (int) stored.getSize();
                byte[] target = new byte[size];
                int got = 0;
                while (got < size) {
                    int r = cpio.read(target, got, size - got);
                    if (r < 0) {
                        throw new EOFException("truncated symlink target of '" + path + "'");
                    }
                    got += r;
                }
                linkTarget = new String(target, StandardCharsets.UTF_8);
            }
            if (!path.isEmpty()) {
                ScannedEntry entry = new ScannedEntry(++ordinal, path, type, (int) (stored.getMode() & 07777), stored.getSize(),
                        stored.getNumberOfLinks(), stored.getDeviceMaj(), stored.getDeviceMin(), stored.getInode(), linkTarget,
                        archive, compression);
                InputStream data = type == EntryType.FILE ? new EntryData(cpio) : InputStream.nullInputStream();
                if (!sink.entry(entry, data)) {
                    throw new Stop();
                }
            }
            while (cpio.read(scratch, 0, scratch.length) >= 0) {
                // the rest of the data, its padding and (newc-crc) the checksum test
            }
        }
        sink.archiveEnded(archive);
    }

    /** Checks the next newc header before Commons Compress reads it: magic, hex fields, a sane name size. */
    private void checkHeader(ImageInput in, String what) throws IOException {
        byte[] header = new byte[NEWC_HEADER];
        int n = in.peek(header, NEWC_HEADER);
        if (n < 6 || !isNewc(header, n)) {
            if (n == 0) {
                throw new EOFException("truncated archive: end of data before TRAILER!!! at " + what.substring("the cpio header at ".length()));
            }
            if (n >= 6) {
                detectOldCpio(header);
            }
            throw new ImageFormatException("not a cpio newc header at " + what.substring("the cpio header at ".length()));
        }
        if (n < NEWC_HEADER) {
            throw new EOFException("truncated " + what);
        }
        for (int i = 6; i < NEWC_HEADER; i++) {
            if (Character.digit(header[i], 16) < 0) {
                throw new ImageFormatException("malformed " + what + ": field " + ((i - 6) / 8 + 1) + " is not hex");
            }
        }
        long nameSize = Long.parseLong(new String(header, 94, 8, StandardCharsets.US_ASCII), 16);
        if (nameSize < 1 || nameSize > MAX_NAME_SIZE) {
            throw new ImageFormatException("malformed " + what + ": name size " + nameSize + " outside 1.." + MAX_NAME_SIZE);
        }
    }

    private static boolean isNewc(byte[] head, int n) {
        return n >= 6 && head[0] == '0' && head[1] == '7' && head[2] == '0' && head[3] == '7' && head[4] == '0'
                && (head[5] == '1' || head[5] == '2');
    }

    private static void detectOldCpio(byte[] head) throws ImageFormatException {
        if (head[0] == '0' && head[1] == '7' && head[2] == '0' && head[3] == '7' && head[4] == '0' && head[5] == '7') {
            throw new ImageFormatException("old portable (odc) cpio format; the kernel reads only newc: cpio -o -H newc");
        }
        if ((head[0] & 0xFF) == 0xC7 && head[1] == 0x71 || head[0] == 0x71 && (head[1] & 0xFF) == 0xC7) {
            throw new ImageFormatException("old binary cpio format; the kernel reads only newc: cpio -o -H newc");
        }
    }

    /** The segment's compression by magic, as lib/decompress.c detects it. */
    static Compression detect(byte[] h, int n) throws ImageFormatException {
        if (isNewc(h, n)) {
            return Compression.NONE;
        }
        if (n >= 6) {
            detectOldCpio(h);
        }
        if (starts(h, n, 0x1F, 0x8B)) {
            return Compression.GZIP;
        }
        if (starts(h, n, 'B', 'Z', 'h')) {
            return Compression.BZIP2;
        }
        if (starts(h, n, 0x5D, 0x00)) {
            return Compression.LZMA;
        }
        if (starts(h, n, 0xFD, '7', 'z', 'X', 'Z', 0x00)) {
            return Compression.XZ;
        }
        if (starts(h, n, 0x89, 'L', 'Z', 'O')) {
            return Compression.LZO;
        }
        if (starts(h, n, 0x02, 0x21, 0x4C, 0x18)) {
            return Compression.LZ4_LEGACY;
        }
        if (starts(h, n, 0x28, 0xB5, 0x2F, 0xFD)) {
            return Compression.ZSTD;
        }
        if (starts(h, n, 0x04, 0x22, 0x4D, 0x18)) {
            throw new ImageFormatException("modern LZ4 frame: the kernel cannot unpack it; compress with lz4 -l (legacy frame)");
        }
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < Math.min(n, 4); i++) {
            hex.append(String.format("%s%02x", i == 0 ? "" : " ", h[i] & 0xFF));
        }
        throw new ImageFormatException("unknown magic " + hex + ": neither cpio newc nor a compression the kernel unpacks");
    }

    private static boolean starts(byte[] h, int n, int... magic) {
        if (n < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((h[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }

    /** A decoder that reads exactly one compressed stream from in and leaves in right after it. */
    private static InputStream open(Compression compression, ImageInput in) throws IOException {
        switch (compression) {
            case GZIP:
                return GzipCompressorInputStream.builder().setInputStream(in).setDecompressConcatenated(false).get();
            case BZIP2:
                return new BZip2CompressorInputStream(in, false);
            case XZ:
                return XZCompressorInputStream.builder().setInputStream(in).setDecompressConcatenated(false)
                        .setMemoryLimitKiB(MEMORY_LIMIT_KIB).get();
            case LZMA:
                return LZMACompressorInputStream.builder().setInputStream(in).setMemoryLimitKiB(MEMORY_LIMIT_KIB).get();
            case ZSTD:
                return new ZstdCompressorInputStream(new ZstdFrameInputStream(in));
            case LZ4_LEGACY:
                return new Lz4LegacyInputStream(in);
            case LZO:
                return new LzopInputStream(in);
            default:
                throw new IllegalArgumentException("not a compression: " + compression);
        }
    }

    /** The image-relative path of a cpio name; refuses names that could leave the root. */
    static String normalize(String stored) throws ImageFormatException {
        if (stored.indexOf('\0') >= 0) {
            throw new ImageFormatException("unsafe name '" + stored.replace('\0', '?') + "': contains a NUL byte");
        }
        StringBuilder path = new StringBuilder();
        for (String part : stored.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                throw new ImageFormatException("unsafe name '" + oneLine(stored) + "': a '..' component leaves the image root");
            }
            if (path.length() > 0) {
                path.append('/');
            }
            path.append(part);
        }
        return path.toString();
    }

    private DisktuneException failure(String problem, Throwable cause) {
        StringBuilder message = new StringBuilder(name).append(": ");
        if (archive > 0) {
            message.append("archive ").append(archive);
            if (compression != null) {
                message.append(" (").append(compression.kernelName()).append(')');
            }
            message.append(" at offset ").append(offset).append(": ");
        }
        message.append(oneLine(problem));
        return new DisktuneException(ExitCode.USAGE, message.toString(), cause);
    }

    private static String oneLine(String text) {
        if (text == null) {
            return "no detail";
        }
        String line = text.replaceAll("[\\p{Cntrl}]+", " ").strip();
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    /** The entry's data as the sink sees it: it cannot close the archive stream. */
    private static final class EntryData extends FilterInputStream {
        EntryData(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the archive stream stays open for the next entry
        }
    }

    /** Marks read failures of the image file itself, so they are not reported as corrupt data. */
    private static final class FileReadFailure extends UncheckedIOException {
        private static final long serialVersionUID = 1L;

        FileReadFailure(IOException cause) {
            super(cause);
        }
    }

    private static final class FileReads extends FilterInputStream {
        FileReads(InputStream in) {
            super(in);
        }

        @Override
        public int read() {
            try {
                return in.read();
            } catch (IOException e) {
                throw new FileReadFailure(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) {
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                throw new FileReadFailure(e);
            }
        }

        @Override
        public long skip(long n) {
            try {
                return in.skip(n);
            } catch (IOException e) {
                throw new FileReadFailure(e);
            }
        }
    }

    /** Ends a scan early at the sink's request. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }
}
