package org.disktune.host;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * xz and legacy .lzma decoding with the system's liblzma (xz-utils; Debian's liblzma5, which dpkg, apt and systemd
 * depend on), loaded by its soname {@code liblzma.so.5} and bound with JNA's direct mapping: lzma_stream_decoder,
 * lzma_alone_decoder, lzma_code, lzma_memusage, lzma_end and lzma_version_string, as declared in liblzma's
 * lzma/container.h and lzma/base.h (the API and ABI are stable across 5.x). Under the launcher's C1-only JIT,
 * xz-java's LZMA2 decoder was most of the time of listing an xz image; with liblzma the whole listing takes half the
 * CPU time (README "Speed").
 *
 * <p>{@code lzma_stream} (base.h) is allocated zeroed (LZMA_STREAM_INIT) in native memory and its fields are read and
 * written by offset, in the 64-bit layout: next_in 0, avail_in 8, total_in 16, next_out 24, avail_out 32, total_out
 * 40, allocator 48, internal 56, four reserved pointers, two uint64, two size_t, two enums: 136 bytes (checked with
 * sizeof and offsetof against liblzma 5.4.1's lzma.h on x86_64). On a machine with other pointer sizes
 * {@link #available()} is false and callers use the Java decoder.
 *
 * <p>A {@link Decoder} decodes exactly one stream, as the kernel's unpacker reads one per segment: lzma_stream_decoder
 * without LZMA_CONCATENATED stops right after the Stream Footer (container.h), and lzma_alone_decoder after the
 * LZMA1 data (end marker or the header's size). It reads its input in chunks of up to 128 KiB under a
 * {@link InputStream#mark mark}, and when the stream ends it resets to the mark and skips only the bytes liblzma
 * consumed, so the source is left at the first byte after the stream, where xz-java's decoders (which read exactly
 * the stream's bytes) leave it too.
 */
public final class NativeXz {
    /** {@code lzma_stream}: offsets in the 64-bit layout and its size. */
    private static final long NEXT_IN = 0;
    private static final long AVAIL_IN = 8;
    private static final long TOTAL_IN = 16;
    private static final long NEXT_OUT = 24;
    private static final long AVAIL_OUT = 32;
    private static final long TOTAL_OUT = 40;
    private static final int STREAM_SIZE = 136;
    /** lzma_action and lzma_ret values (base.h). */
    private static final int LZMA_RUN = 0;
    private static final int LZMA_FINISH = 3;
    private static final int LZMA_OK = 0;
    private static final int LZMA_STREAM_END = 1;
    private static final int LZMA_MEM_ERROR = 5;
    private static final int LZMA_MEMLIMIT_ERROR = 6;
    private static final int LZMA_FORMAT_ERROR = 7;
    private static final int LZMA_OPTIONS_ERROR = 8;
    private static final int LZMA_DATA_ERROR = 9;
    private static final int LZMA_BUF_ERROR = 10;
    /** The system property that forces the Java decoders: {@code -Ddisktune.xz=java}. */
    public static final String PROPERTY = "disktune.xz";

    private static final int CHUNK = 128 * 1024;
    /** The .xz Stream Header (xz-file-format.txt 2.1.1) and the .lzma header (properties, dictionary, size). */
    private static final int XZ_HEADER = 12;
    private static final int LZMA_HEADER = 13;
    /**
     * Bytes looked at before decoding: the .xz Stream Header and the first Block Header's size byte, or the .lzma
     * header and the range decoder's 5 initial bytes.
     */
    private static final int PEEK = 18;

    private NativeXz() {
    }

    /** Whether liblzma was loaded (tried once per run, on the first call). */
    public static boolean available() {
        return Loaded.LOADED;
    }

    /** {@link #available()}, unless the system property {@value #PROPERTY} is {@code java}. */
    public static boolean enabled() {
        return !"java".equals(System.getProperty(PROPERTY)) && available();
    }

    /** liblzma's version, such as "5.4.1"; null when it is not loaded. */
    public static String version() {
        return available() ? Lib.lzma_version_string() : null;
    }

    /**
     * A decoder of the one .xz stream that starts at the source's position (magic FD 37 7A 58 5A 00), with
     * {@code memoryLimitBytes} for liblzma's memory limit. The source must support mark/reset.
     *
     * @throws IllegalStateException when liblzma is not {@link #available()}
     */
    public static Decoder xz(InputStream source, long memoryLimitBytes) throws IOException {
        return new Decoder(source, true, memoryLimitBytes);
    }

    /** As {@link #xz}, for a legacy .lzma stream (LZMA_Alone: properties byte, dictionary size, uncompressed size). */
    public static Decoder lzma(InputStream source, long memoryLimitBytes) throws IOException {
        return new Decoder(source, false, memoryLimitBytes);
    }

    /** A stream needs more memory than the limit it was given: lzma_memusage() after LZMA_MEMLIMIT_ERROR. */
    public static final class MemoryLimitException extends IOException {
        private static final long serialVersionUID = 1L;
        private final long neededKiB;

        MemoryLimitException(long neededKiB) {
            super("the stream needs " + neededKiB + " KiB of memory, more than the limit");
            this.neededKiB = neededKiB;
        }

        public long neededKiB() {
            return neededKiB;
        }
    }

    /**
     * The decoded bytes of one stream. Errors: a corrupt stream is an IOException whose message is the one xz-java
     * gives in the same case ("Compressed data is corrupt", "XZ Index is corrupt", ...), input that ends inside the
     * stream an EOFException without a message (as xz-java's readFully), a stream needing more memory than the limit
     * a {@link MemoryLimitException}. One difference stays: xz-java decodes a whole LZMA2 chunk (up to 2 MiB out of up
     * to 64 KiB in) before it delivers any of it, liblzma delivers as it decodes, so a cut or a corrupt chunk header
     * can fail a read or two later than with xz-java. Closing it ends the coder (lzma_end) and frees its native memory
     * but leaves the source open; the coder also ends by itself at the end of the stream and on an error. Not
     * thread-safe.
     */
    public static final class Decoder extends InputStream {
        private final InputStream source;
        private final boolean xz;
        private final byte[] chunk = new byte[CHUNK];
        private Memory stream;
        private Memory input;
        private Memory output;
        /** Bytes of the last chunk read from the source under its mark. */
        private int chunkLength;
        private boolean inputEnded;
        private int outPos;
        private int outLimit;
        private boolean finished;
        /** An error liblzma reported after the bytes still in the output buffer. */
        private IOException pending;
        /** The bytes before pending are delivered even to the read that reaches it (an Index or Footer error). */
        private boolean pendingAfterData;
        /** The first bytes of the stream, as far as the source has them (up to {@link #PEEK}). */
        private byte[] head;
        private boolean coding;

        private Decoder(InputStream source, boolean xz, long memoryLimitBytes) throws IOException {
            if (!NativeXz.available()) {
                throw new IllegalStateException("liblzma is not loaded");
            }
            if (!source.markSupported()) {
                throw new IllegalArgumentException("the source must support mark/reset");
            }
            this.source = Objects.requireNonNull(source);
            this.xz = xz;
            stream = new Memory(STREAM_SIZE);
            stream.clear();
            input = new Memory(CHUNK);
            output = new Memory(CHUNK);
            long limit = Math.max(1, memoryLimitBytes);
            int ret = xz ? Lib.lzma_stream_decoder(stream, limit, 0) : Lib.lzma_alone_decoder(stream, limit);
            if (ret != LZMA_OK) {
                free();
                throw new IOException("liblzma cannot start a decoder (lzma_ret " + ret + ")");
            }
            coding = true;
            try {
                header();
            } catch (IOException | RuntimeException e) {
                free();
                throw e;
            }
        }

        /**
         * Checks and decodes the stream's header now, in the order and with the words of xz-java's constructors: a cut
         * or corrupt header fails when the decoder is opened. SingleXZInputStream reads the 12-byte Stream Header
         * (magic, then its CRC32, then its flags); LZMAInputStream reads the 13-byte header, refuses a dictionary above
         * 2147483632 bytes and a properties byte above 224, checks the memory limit, refuses an uncompressed size below
         * -1, then reads the range decoder's first 5 bytes, of which the first must be 0.
         */
        private void header() throws IOException {
            source.mark(PEEK);
            head = new byte[PEEK];
            int got = 0;
            for (int r; got < PEEK && (r = source.read(head, got, PEEK - got)) > 0;) {
                got += r;
            }
            source.reset();
            head = Arrays.copyOf(head, got);
            ByteBuffer le = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
            if (got < (xz ? XZ_HEADER : LZMA_HEADER)) {
                throw new EOFException();
            }
            if (!xz) {
                int dictionary = le.getInt(1);
                if (dictionary < 0 || dictionary > 2147483632) {
                    throw new IOException("LZMA dictionary is too big for this implementation");
                }
                if ((head[0] & 0xFF) > 224) {
                    throw new IOException("Invalid LZMA properties byte");
                }
            }
            decodeHeader(xz ? XZ_HEADER : LZMA_HEADER);
            if (!xz) {
                if (le.getLong(5) < -1) {
                    throw new IOException("Uncompressed size is too big");
                }
                if (got < LZMA_HEADER + 5) {
                    throw new EOFException();
                }
                if (head[LZMA_HEADER] != 0) {
                    throw new IOException("Compressed data is corrupt");
                }
            }
        }

        /** Gives liblzma exactly the header's bytes, with no room for output. */
        private void decodeHeader(int size) throws IOException {
            stream.setPointer(NEXT_OUT, output);
            stream.setLong(AVAIL_OUT, 0);
            int done = 0;
            while (done < size) {
                if (stream.getLong(AVAIL_IN) == 0) {
                    fill();
                    if (inputEnded) {
                        throw new EOFException();
                    }
                }
                long available = stream.getLong(AVAIL_IN);
                long part = Math.min(available, size - done);
                stream.setLong(AVAIL_IN, part);
                int ret = Lib.lzma_code(stream, LZMA_RUN);
                long used = part - stream.getLong(AVAIL_IN);
                stream.setLong(AVAIL_IN, available - used);
                if (ret != LZMA_OK) {
                    throw switch (ret) {
                        case LZMA_DATA_ERROR -> new IOException(xz ? "XZ Stream Header is corrupt" : "Compressed data is corrupt");
                        case LZMA_OPTIONS_ERROR -> new IOException(xz ? "Unsupported options in XZ Stream Header" : "Unsupported LZMA options");
                        default -> failure(ret);
                    };
                }
                if (used == 0) {
                    return;
                }
                done += (int) used;
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        /**
         * Fills b with len bytes, or fewer at the end of the stream. A read that reaches an error throws it, and the
         * bytes it decoded before the error are not delivered: xz-java's decoders do the same within a block (the
         * partial read is lost), so both decoders stop the scan at the same entry.
         */
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            int done = 0;
            while (done < len) {
                if (outPos == outLimit) {
                    if (pending != null) {
                        if (done > 0 && pendingAfterData) {
                            break;
                        }
                        free();
                        throw pending;
                    }
                    if (finished) {
                        break;
                    }
                    decode();
                    continue;
                }
                int n = Math.min(len - done, outLimit - outPos);
                output.read(outPos, b, off + done, n);
                outPos += n;
                done += n;
            }
            if (done == 0) {
                free();
                return -1;
            }
            return done;
        }

        /** Decodes into the output buffer until it is full, the stream ends or an error (kept in pending). */
        private void decode() throws IOException {
            if (!coding) {
                throw new IOException("Stream closed");
            }
            stream.setPointer(NEXT_OUT, output);
            stream.setLong(AVAIL_OUT, CHUNK);
            int idle = 0;
            while (true) {
                if (stream.getLong(AVAIL_IN) == 0 && !inputEnded) {
                    fill();
                }
                long inBefore = stream.getLong(AVAIL_IN);
                long outBefore = stream.getLong(AVAIL_OUT);
                int ret = Lib.lzma_code(stream, inputEnded ? LZMA_FINISH : LZMA_RUN);
                long availOut = stream.getLong(AVAIL_OUT);
                outPos = 0;
                outLimit = (int) (CHUNK - availOut);
                if (ret == LZMA_STREAM_END) {
                    giveBack((int) stream.getLong(AVAIL_IN));
                    finished = true;
                    endCoder();
                    return;
                }
                if (ret != LZMA_OK) {
                    pending = failure(ret);
                    endCoder();
                    return;
                }
                if (availOut == 0) {
                    return;
                }
                boolean progress = stream.getLong(AVAIL_IN) != inBefore || availOut != outBefore;
                idle = progress ? 0 : idle + 1;
                if (inputEnded && idle >= 2) {
                    // liblzma returns LZMA_BUF_ERROR on the second call without progress; never loop on it
                    pending = new EOFException();
                    endCoder();
                    return;
                }
            }
        }

        /** The next chunk of the source, read under a mark so that giveBack can return what liblzma leaves. */
        private void fill() throws IOException {
            source.mark(CHUNK);
            int n = source.read(chunk, 0, CHUNK);
            if (n <= 0) {
                inputEnded = true;
                chunkLength = 0;
                return;
            }
            input.write(0, chunk, 0, n);
            stream.setPointer(NEXT_IN, input);
            stream.setLong(AVAIL_IN, n);
            chunkLength = n;
        }

        /** Leaves the source right after the stream: back to the mark, then past the bytes liblzma consumed. */
        private void giveBack(int unused) throws IOException {
            if (unused == 0) {
                return;
            }
            source.reset();
            long skip = chunkLength - unused;
            while (skip > 0) {
                long s = source.skip(skip);
                if (s <= 0) {
                    if (source.read() < 0) {
                        throw new EOFException();
                    }
                    s = 1;
                }
                skip -= s;
            }
        }

        /**
         * The exception for an lzma_ret, in xz-java's words. liblzma reports a corrupt part of an .xz stream as
         * LZMA_DATA_ERROR without saying which; where the position tells (xz-file-format.txt), the words name it as
         * xz-java does: the first Block Header (no output yet, input within its size, (byte 12 + 1) * 4), the last
         * Block's check (the error right where the Index starts), the Index (a Footer follows whose Backward Size
         * reaches back over the error) and the Stream Footer (the error right after the bytes that
         * end like one). After an Index or Footer error the data was whole: it is delivered before the error, as xz-java does.
         * Elsewhere (LZMA data, the checks of Blocks before the last) the words are xz-java's for corrupt LZMA data.
         */
        private IOException failure(int ret) {
            if (ret == LZMA_MEMLIMIT_ERROR) {
                return new MemoryLimitException((Lib.lzma_memusage(stream) + 1023) >> 10);
            }
            if (xz && (ret == LZMA_DATA_ERROR || ret == LZMA_OPTIONS_ERROR)) {
                long totalIn = stream.getLong(TOTAL_IN);
                int first = head.length > XZ_HEADER ? head[XZ_HEADER] & 0xFF : 0; // 0: the Index indicator, no Block
                int blockHeader = first == 0 ? 0 : (first + 1) * 4;
                if (blockHeader > 0 && stream.getLong(TOTAL_OUT) == 0 && totalIn <= XZ_HEADER + blockHeader) {
                    return new IOException(ret == LZMA_DATA_ERROR ? "XZ Block Header is corrupt" : "Unsupported options in XZ Block Header");
                }
                int at = chunkLength - (int) stream.getLong(AVAIL_IN);
                if (ret == LZMA_DATA_ERROR && footerMagicEndsAt(at)) {
                    pendingAfterData = true;
                    return new IOException("XZ Stream Footer is corrupt");
                }
                long index = ret == LZMA_DATA_ERROR ? indexStart(at) : -1;
                if (index >= 0 && index < at) {
                    pendingAfterData = true;
                    return new IOException("XZ Index is corrupt");
                }
                if (index == at && checkName() != null) {
                    // liblzma compares a Block's check as soon as it has read it: here the last Block's, before the Index
                    return new IOException("Integrity check (" + checkName() + ") does not match");
                }
            }
            return switch (ret) {
                case LZMA_MEM_ERROR -> new IOException("liblzma cannot allocate memory");
                // the messages of xz-java's XZFormatException, UnsupportedOptionsException, CorruptedInputException
                case LZMA_FORMAT_ERROR -> new IOException(xz ? "Input is not in the XZ format" : "Invalid LZMA properties byte");
                case LZMA_OPTIONS_ERROR -> new IOException(xz ? "Unsupported options in XZ Block Header" : "Unsupported LZMA options");
                case LZMA_DATA_ERROR -> new IOException("Compressed data is corrupt");
                case LZMA_BUF_ERROR -> new EOFException();
                default -> new IOException("liblzma error (lzma_ret " + ret + ")");
            };
        }

        /**
         * Where the Index starts in the current chunk, when a Stream Footer (its Stream Flags and "YZ") follows
         * position {@code at} there: its Backward Size is the Index's size, (stored + 1) * 4 bytes (xz-file-format.txt
         * 2.1.2.2); -1 when no Footer follows in the chunk.
         */
        private long indexStart(int at) {
            for (int footer = Math.max(at, 0); footer + 12 <= chunkLength; footer++) {
                if (chunk[footer + 10] == 'Y' && chunk[footer + 11] == 'Z' && head.length >= 8 && chunk[footer + 8] == head[6]
                        && chunk[footer + 9] == head[7]) {
                    long backward = (ByteBuffer.wrap(chunk, footer + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL) + 1;
                    return footer - backward * 4;
                }
            }
            return -1;
        }

        /** The name xz-java gives the stream's check type (Stream Flags, second byte, low 4 bits); null for others. */
        private String checkName() {
            return switch (head[7] & 0x0F) {
                case 0 -> "None";
                case 1 -> "CRC32";
                case 4 -> "CRC64";
                case 10 -> "SHA-256";
                default -> null;
            };
        }

        /**
         * Whether the bytes of the current chunk before index {@code at} end like a Stream Footer: the Stream Flags,
         * which the Footer repeats from the Header, then the magic "YZ"; three of these four bytes are enough (the
         * fourth may be the corrupt one).
         */
        private boolean footerMagicEndsAt(int at) {
            if (at < 4 || at > chunkLength || head.length < 8) {
                return false;
            }
            byte[] end = {head[6], head[7], 'Y', 'Z'};
            int same = 0;
            for (int i = 0; i < 4; i++) {
                same += chunk[at - 4 + i] == end[i] ? 1 : 0;
            }
            return same >= 3;
        }

        private void endCoder() {
            if (coding) {
                coding = false;
                Lib.lzma_end(stream);
            }
        }

        /** Ends the coder and frees the native memory; the bytes still buffered are lost. Idempotent. */
        private void free() {
            if (stream == null) {
                return;
            }
            endCoder();
            stream.close();
            input.close();
            output.close();
            stream = null;
            input = null;
            output = null;
            outPos = 0;
            outLimit = 0;
        }

        /** Ends the coder and frees its native memory; the source stays open. */
        @Override
        public void close() {
            free();
            finished = true;
            pending = null;
        }
    }

    /** Loads liblzma once; false when JNA or the library cannot load or pointers are not 64 bits. */
    private static final class Loaded {
        static final boolean LOADED = load();

        private static boolean load() {
            try {
                Jna.prepare(); // before Native's class initializer, which reading POINTER_SIZE runs
                if (Native.POINTER_SIZE != 8) {
                    return false;
                }
                Lib.register();
                return true;
            } catch (LinkageError | RuntimeException e) {
                return false;
            }
        }
    }

    /** The direct mapping (JNA Native.register: no proxy, primitives and Pointer only). */
    private static final class Lib {
        static {
            Jna.register(Lib.class, "liblzma.so.5"); // by soname: dlopen finds it as ld.so does (Jna)
        }

        static void register() {
            // loading the class ran the registration
        }

        static native int lzma_stream_decoder(Pointer strm, long memlimit, int flags);

        static native int lzma_alone_decoder(Pointer strm, long memlimit);

        static native int lzma_code(Pointer strm, int action);

        static native long lzma_memusage(Pointer strm);

        static native void lzma_end(Pointer strm);

        static native String lzma_version_string();
    }
}
