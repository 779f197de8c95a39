package org.disktune.initramfs.image;

import static org.disktune.initramfs.image.CompressionMagic.isMagic;
import static org.disktune.initramfs.image.CompressionMagic.isNewc;
import static org.disktune.initramfs.image.CompressionMagic.refuseOldCpio;
import static org.disktune.initramfs.image.CpioNames.cLength;
import static org.disktune.initramfs.image.CpioNames.oneLine;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * One streaming pass over an image in the order and by the rules of the kernel's unpacker: a port of
 * {@code unpack_to_rootfs()} and its state machine in init/initramfs.c (checked against torvalds/linux as of v6.x),
 * kept whole here; the segment magic ({@link CompressionMagic}), the decoders ({@link StreamDecoders}), an
 * entry's data ({@link EntryData}) and cpio names ({@link CpioNames}) are their own classes:
 * <ul>
 * <li>Top level ({@code unpack_to_rootfs}): a NUL byte is skipped ({@code this_header++}); a {@code '0'}
 * starts a cpio header only when {@code !(this_header & 3)}, i.e. at an image offset that is a multiple
 * of 4 ({@code this_header} counts image bytes: it is set to {@code saved_offset + my_inptr} after each
 * compressed stream); anything else goes to {@code decompress_method()}, whose failure is the kernel's
 * "invalid magic at start of compressed archive" — so is a cpio header at an offset that is not a
 * multiple of 4.</li>
 * <li>Between entries ({@code do_reset}): any run of NULs, then the next byte must be at a multiple of 4
 * ("broken padding"); inside a compressed stream it must be {@code '0'} ({@code flush_buffer}: "junk
 * within compressed archive"), at the top level anything else starts the next segment.</li>
 * <li>An entry ({@code do_header}): magic 070701, or 070702 whose check field is the byte sum of a regular
 * file's data, checked only in {@code do_copy} ("bad data checksum"); 070707 is "incorrect cpio method";
 * the 13 fields are read like {@code simple_strntoul(s, NULL, 16, 8)} (hex digits up to the first other
 * byte); the next header is at {@code (this_header + N_ALIGN(name_len) + body_len + 3) & ~3}. An entry
 * whose name size is 0 or above PATH_MAX, a symlink whose target is longer than PATH_MAX, or a
 * non-regular entry with data is skipped without a message; the name must end in NUL ({@code do_name}:
 * "malformed archive") and is used up to its first NUL; TRAILER!!! ends an archive but is optional
 * ({@code free_hash()} runs again after the loop, "without optional TRAILER!!!").</li>
 * <li>End of the buffer: a compressed stream must end between entries ({@code state != Reset}: "junk at
 * the end of compressed archive"); an uncompressed one may end after any complete entry. A stream that
 * unpacks to nothing or to NULs only leaves the state as it was: Reset after any earlier entry (accepted),
 * Start at the image's start (that error). NULs after the last archive are padding; anything else there is
 * the next segment's magic, so non-zero trailing garbage is "invalid magic at start of compressed archive". The kernel
 * also stops silently inside an uncompressed entry (its file is left short); disktune reports that as
 * a truncated image, because the file cannot hold the bytes it declares.</li>
 * </ul>
 * Any error stops the kernel ({@code error()} keeps the first message, the loop ends) but what was
 * unpacked stays and the machine boots on ("Initramfs unpacking failed: ..."); so a failure after the
 * first entry is returned as an {@link ImageError} with the entries so far delivered, and a failure
 * before any entry is a DisktuneException. Both name the image, the archive, its compression and offset.
 * xz and lzma streams decode only within the Java heap left; an image needing more is a one-line error
 * naming the need. Exceptions other than the decoders' IOExceptions are bugs and propagate.
 */
final class ImageScanner {
    /** newc header: magic and 13 fields of 8 hex digits (CPIO_HDRLEN). */
    private static final int NEWC_HEADER = 110;
    /** PATH_MAX: do_header skips longer names and symlink targets. */
    private static final int PATH_MAX = 4096;

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
    /** Entries the sink received in full: what the kernel has unpacked so far. */
    private long unpacked;
    /** The current archive has been announced to the sink. */
    private boolean started;
    /** The current archive ended with TRAILER!!!; more data in the same region is a new archive. */
    private boolean trailerSeen;
    /** Where the entry (or segment) being read starts: image offset, or unpacked offset inside a compressed stream. */
    private long entryAt;
    /** The path of the last entry the sink received in full. */
    private String lastFile;
    /**
     * The kernel's state machine has reached Reset (some entry, the trailer included, was read to its end): from then
     * on a compressed stream that unpacks to nothing or to NULs only leaves it in Reset, which the kernel accepts.
     */
    private boolean reset;

    ImageScanner(Path image) {
        this(image, null);
    }

    /** Errors name the image as {@code shown} (as the user typed it), or by its file name when null. */
    ImageScanner(Path image, String shown) {
        this.image = image;
        Path fileName = image.getFileName();
        this.name = shown != null ? shown : fileName == null ? image.toString() : fileName.toString();
    }

    /**
     * Scans the whole image (or up to the entry where the sink stops it). Returns null when the kernel
     * unpacks it without error, else the error after which the kernel stops, when entries before it
     * reached the sink; throws a DisktuneException when the image is bad before its first entry.
     */
    ImageError scan(EntrySink sink) {
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
        long size;
        try {
            size = Files.size(image);
            // a unified kernel image: the initramfs is its .initrd section, read as an image of its own
            Optional<UnifiedKernelImage.Section> initrd;
            try (InputStream head = Files.newInputStream(image)) {
                initrd = UnifiedKernelImage.initrd(head.readNBytes(UnifiedKernelImage.HEADERS));
            }
            if (initrd.isPresent()) {
                raw = UnifiedKernelImage.section(raw, initrd.get());
                size = initrd.get().length();
            }
        } catch (IOException e) {
            try {
                raw.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new DisktuneException(ExitCode.ENVIRONMENT, name + ": cannot read the image: " + oneLine(e.getMessage()), e);
        }
        String problem;
        Throwable cause;
        try (ImageInput in = new ImageInput(new FileReads(raw))) {
            run(in, sink);
            return null;
        } catch (Stop stop) {
            return null;
        } catch (FileReads.Failure e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, name + ": cannot read the image: " + oneLine(e.getCause().getMessage()), e);
        } catch (org.apache.commons.compress.MemoryLimitException e) {
            throw memory(e.getMemoryNeededInKb(), e);
        } catch (org.tukaani.xz.MemoryLimitException e) {
            throw memory(e.getMemoryNeeded(), e);
        } catch (OutOfMemoryError e) {
            throw new DisktuneException(ExitCode.USAGE, name + ": " + where() + "the Java heap (" + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB) is too small to unpack it; allow more with JAVA_TOOL_OPTIONS=-Xmx1g");
        } catch (ImageFormatException e) {
            problem = e.getMessage();
            cause = e;
        } catch (EOFException e) {
            String message = e.getMessage();
            problem = message != null && message.startsWith("truncated") ? message : "truncated " + phase;
            cause = e;
        } catch (IOException e) {
            String kind = compression == null || compression == Compression.NONE ? "cpio" : compression.kernelName();
            problem = "corrupt " + kind + " data while reading " + phase + ": " + oneLine(e.getMessage());
            cause = e;
        }
        String message = name + ": " + where() + oneLine(problem);
        if (unpacked == 0) {
            throw new DisktuneException(ExitCode.USAGE, message, cause);
        }
        boolean inStream = compression != null && compression != Compression.NONE;
        return new ImageError(archive, compression, offset, oneLine(problem), message, inStream ? entryAt : Math.max(entryAt, offset),
                inStream, lastFile, size);
    }

    private void run(ImageInput in, EntrySink sink) throws IOException {
        byte[] head = new byte[6];
        phase = "the image";
        if (in.peek(head, 1) == 0) {
            throw new ImageFormatException("empty image");
        }
        while (true) {
            in.skipZeros();
            int n = in.peek(head, head.length);
            if (n == 0) {
                break;
            }
            offset = in.position();
            entryAt = offset;
            archive++;
            started = false;
            trailerSeen = false;
            compression = null;
            phase = "the segment magic";
            if (head[0] == '0' && (offset & 3) == 0) {
                if (n >= 6 && !isNewc(head, n)) {
                    refuseOldCpio(head); // do_header: "incorrect cpio method used: use -H newc option"
                }
                compression = Compression.NONE;
                readRegion(in, sink);
                continue;
            }
            if (head[0] == '0') {
                String what = isNewc(head, n) ? "a cpio header at byte " + offset + ", not a multiple of 4 (the kernel reads cpio "
                        + "only at 4-byte boundaries: pad the part before it with NULs)" : "unknown magic " + CompressionMagic.hex(head, n);
                throw new ImageFormatException("invalid magic at start of compressed archive: " + what);
            }
            compression = CompressionMagic.detect(head, n);
            phase = "the " + compression.kernelName() + " stream header";
            ImageInput unpacked = new ImageInput(StreamDecoders.open(compression, in));
            boolean any = readRegion(unpacked, sink);
            if (!any && !reset) { // the kernel's state is still Start (or Collect): state != Reset
                throw new ImageFormatException("the " + compression.kernelName() + " stream holds no cpio archive"
                        + " (the kernel: \"junk at the end of compressed archive\")");
            }
        }
        if (archive == 0) {
            compression = null;
            throw new ImageFormatException("only NUL bytes, no cpio archive");
        }
    }

    /**
     * Reads entries from in as do_reset/do_start/do_header do: until the data ends or, at the top
     * level, until a byte that is not a cpio header starts the next segment. Returns whether any
     * header (the trailer included) was read.
     */
    private boolean readRegion(ImageInput in, EntrySink sink) throws IOException {
        boolean compressed = compression != Compression.NONE;
        String where = compressed ? "unpacked byte " : "byte ";
        byte[] head = new byte[1];
        boolean any = false;
        while (true) {
            phase = compressed ? "the " + compression.kernelName() + " stream" : "the padding after an entry";
            in.skipZeros();
            if (in.peek(head, 1) == 0) {
                break;
            }
            long at = in.position();
            entryAt = at;
            if (trailerSeen && (compressed || head[0] == '0')) {
                archive++;
                started = false;
                trailerSeen = false;
            }
            if ((at & 3) != 0) {
                throw new ImageFormatException("broken padding: the data after the entry before it starts at " + where + at
                        + ", not at a multiple of 4");
            }
            if (head[0] != '0') {
                if (compressed) {
                    throw new ImageFormatException("junk inside the " + compression.kernelName() + " stream at unpacked byte " + at
                            + ": not a cpio newc header");
                }
                break;
            }
            if (!started) {
                if (!compressed) {
                    offset = at;
                }
                sink.archiveStarted(new ImageSegment(archive, compression, offset));
                started = true;
            }
            any = true;
            readEntry(in, sink, where, compressed);
            reset = true;
        }
        if (started && !trailerSeen) {
            sink.archiveEnded(archive);
        }
        return any;
    }

    /** One entry, from its header to the start of the next (do_header .. do_skip). */
    private void readEntry(ImageInput in, EntrySink sink, String where, boolean compressed) throws IOException {
        long start = in.position();
        phase = "the cpio header at " + where + start;
        byte[] header = new byte[NEWC_HEADER];
        if (in.peek(header, 6) == 6 && !isNewc(header, 6)) {
            refuseOldCpio(header);
            throw new ImageFormatException("not a cpio newc header at " + where + start + " (the kernel: \"no cpio magic\")");
        }
        in.readFully(header, 0, NEWC_HEADER, phase);
        boolean crc = isMagic(header, '2');
        long[] field = new long[13];
        for (int i = 0; i < field.length; i++) {
            field[i] = hexField(header, 6 + 8 * i);
        }
        int mode = (int) field[1];
        long nlink = field[4];
        long bodyLen = field[6];
        long nameLen = field[11];
        long checksum = field[12];
        long dataStart = start + NEWC_HEADER + nAlign(nameLen);
        long next = (dataStart + bodyLen + 3) & ~3L;
        EntryType type = EntryType.ofMode(mode);
        String what = "the entry at " + where + start;
        if (nameLen <= 0 || nameLen > PATH_MAX || type == EntryType.SYMLINK && bodyLen > PATH_MAX
                || type != EntryType.SYMLINK && (mode & 0170000) != 0100000 && bodyLen != 0) {
            skipTo(in, dataStart + bodyLen, next, what, compressed); // do_header: state = SkipIt, nothing created
            return;
        }
        phase = "the name of " + what;
        byte[] nameBytes = new byte[(int) nAlign(nameLen)];
        in.readFully(nameBytes, 0, nameBytes.length, phase);
        if (nameBytes[(int) nameLen - 1] != 0) {
            throw new ImageFormatException("malformed archive: the name of " + what + " does not end in NUL");
        }
        String stored = CpioNames.cString(nameBytes, (int) nameLen);
        if (type != EntryType.SYMLINK && stored.equals("TRAILER!!!")) {
            skipTo(in, dataStart + bodyLen, next, "the trailer at " + where + start, compressed);
            sink.archiveEnded(archive);
            trailerSeen = true;
            return;
        }
        String path = CpioNames.normalize(stored);
        String linkTarget = null;
        int targetLength = 0;
        boolean create = type != null && !path.isEmpty();
        if (type == EntryType.SYMLINK) {
            phase = "the symlink target of '" + path + "'";
            byte[] target = new byte[(int) bodyLen];
            in.readFully(target, 0, target.length, phase);
            targetLength = cLength(target, target.length);
            linkTarget = new String(target, 0, targetLength, StandardCharsets.UTF_8);
            // symlink(2) refuses a target of PATH_MAX bytes or more (ENAMETOOLONG): nothing is created
            create &= targetLength < PATH_MAX;
        }
        phase = "the data of '" + path + "'";
        if (create) {
            ScannedEntry entry = new ScannedEntry(++ordinal, path, type, mode & 07777, type == EntryType.FILE ? bodyLen
                    : targetLength, nlink, field[7], field[8], field[0], linkTarget,
                    archive, compression);
            EntryData data = new EntryData(in, type == EntryType.FILE ? bodyLen : 0, phase, crc, scratch);
            boolean more = sink.entry(entry, data);
            if (!more) {
                throw new Stop();
            }
            data.drain();
            unpacked++;
            lastFile = path;
            if (crc && type == EntryType.FILE && data.checksum() != checksum) {
                throw new ImageFormatException(String.format("bad data checksum of '%s': the header says %08x, the data sums to %08x",
                        path, checksum, data.checksum()));
            }
        }
        skipTo(in, dataStart + bodyLen, next, what, compressed);
    }

    /** Skips to next; the data must be there up to dataEnd, the padding after it only inside a compressed stream. */
    private void skipTo(ImageInput in, long dataEnd, long next, String what, boolean compressed) throws IOException {
        while (in.position() < next) {
            long want = Math.min(scratch.length, next - in.position());
            int r = in.read(scratch, 0, (int) want);
            if (r < 0) {
                if (in.position() < dataEnd) {
                    throw new EOFException("truncated " + what);
                }
                if (compressed) {
                    throw new EOFException("truncated padding after " + what + " (the kernel: \"junk at the end of compressed archive\")");
                }
                return;
            }
        }
    }

    private static long nAlign(long len) {
        return ((len + 1) & ~3L) + 2;
    }

    /** simple_strntoul(s, NULL, 16, 8): the hex digits up to the first other byte, at most 8. */
    private static long hexField(byte[] header, int at) {
        long value = 0;
        for (int i = at; i < at + 8; i++) {
            int digit = Character.digit(header[i], 16);
            if (digit < 0) {
                break;
            }
            value = value << 4 | digit;
        }
        return value;
    }

    private DisktuneException memory(long neededKiB, Exception cause) {
        long neededMiB = (neededKiB + 1023) >> 10;
        long suggest = ((neededMiB + 64 + 63) / 64) * 64;
        return new DisktuneException(ExitCode.USAGE, name + ": " + where() + "the " + (compression == null ? "" : compression.kernelName() + " ")
                + "stream needs " + neededMiB + " MiB of memory to unpack, more than this Java heap has free ("
                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB in all); allow it with JAVA_TOOL_OPTIONS=-Xmx" + suggest + "m", cause);
    }

    /** "archive N (compression) at offset X: " for the current position, or nothing before the first archive. */
    private String where() {
        if (archive == 0) {
            return "";
        }
        StringBuilder message = new StringBuilder("archive ").append(archive);
        if (compression != null) {
            message.append(" (").append(compression.kernelName()).append(')');
        }
        return message.append(" at offset ").append(offset).append(": ").toString();
    }

    /** Ends a scan early at the sink's request. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }
}
