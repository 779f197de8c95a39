package org.disktune.host;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.apache.commons.compress.compressors.CompressorException;
import org.apache.commons.compress.compressors.CompressorStreamFactory;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * A saved kernel log given with {@code --kernel-log FILE} (or the saved log of a root tree): dmesg,
 * journalctl or syslog text in any format the normalizer reads, plain or compressed (gzip as in
 * rotated kern.log.2.gz, also xz, bzip2, zstd: found by magic bytes, not by name), decoded as UTF-8 with malformed
 * bytes replaced ({@link TextKernelLogReader}).
 */
public final class FileKernelLog implements KernelLogSource {
    private final Path file;

    public FileKernelLog(Path file) {
        this.file = Objects.requireNonNull(file);
    }

    @Override
    public KernelLogReader open() {
        InputStream raw;
        try {
            raw = new BufferedInputStream(Files.newInputStream(file), 65_536);
        } catch (NoSuchFileException e) {
            throw new DisktuneException(ExitCode.USAGE, "kernel log " + file + " does not exist; give a saved dmesg, journalctl or syslog file");
        } catch (AccessDeniedException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "kernel log " + file + " is not readable; run as root or copy it");
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.USAGE, "cannot open kernel log " + file + ": " + e.getMessage(), e);
        }
        String compression = null;
        InputStream in = raw;
        boolean mayBeCompressed;
        try {
            mayBeCompressed = mayBeCompressed(raw);
        } catch (IOException e) {
            mayBeCompressed = false; // read as text below, which reports the failure (as detect's did)
        }
        if (mayBeCompressed) {
            try {
                compression = CompressorStreamFactory.detect(raw);
            } catch (CompressorException e) {
                // not a compressed stream: plain text
            }
        }
        if (compression != null) {
            try {
                in = new CompressorStreamFactory(true).createCompressorInputStream(compression, raw);
            } catch (CompressorException | LinkageError e) {
                close(raw);
                throw new DisktuneException(ExitCode.USAGE, "kernel log " + file + " looks " + compression + "-compressed but cannot be opened: " + e.getMessage(), e);
            }
        }
        List<String> notes = compression == null ? List.of() : List.of("read " + compression + "-compressed " + file.getFileName());
        TextKernelLogReader text = utf8(file.toString(), notes, in);
        return new KernelLogReader() {
            @Override
            public String source() {
                return text.source();
            }

            @Override
            public List<String> notes() {
                return text.notes();
            }

            @Override
            public String readLine() {
                try {
                    return text.readLine();
                } catch (IOException | UncheckedIOException e) {
                    throw new DisktuneException(ExitCode.USAGE, "kernel log " + file + " is damaged: " + e.getMessage(), e);
                }
            }

            @Override
            public void forEachLine(KernelLogLineSink sink) {
                try {
                    text.forEachLine(sink);
                } catch (IOException | UncheckedIOException e) {
                    throw new DisktuneException(ExitCode.USAGE, "kernel log " + file + " is damaged: " + e.getMessage(), e);
                }
            }

            @Override
            public void close() throws IOException {
                text.close();
            }
        };
    }

    /** The lines of UTF-8 bytes, malformed ones replaced (U+FFFD), as a saved log is read. */
    public static TextKernelLogReader utf8(String source, List<String> notes, InputStream in) {
        return new TextKernelLogReader(source, notes, new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)));
    }

    /**
     * The first bytes of every signature {@link CompressorStreamFactory#detect} knows (bzip2 "BZh", gzip 1f 8b,
     * pack200 ca fe d0 0d, framed snappy ff 06, compress 1f 9d, zlib deflate 78, xz fd 37, lzma 5d, framed lz4 04 22,
     * zstd 28 b5): a file starting with any other byte is plain text to it. A text log starts otherwise ("[", "<", a
     * digit or a month's name), so it is read without commons-compress, whose detection loads the classes of every
     * compressor it tries. FileKernelLogTest checks
     * every other first byte against detect.
     */
    static final String COMPRESSED_FIRST_BYTES = "B\u001f\u00ca\u00ff\u0078\u00fd\u005d\u0004\u0028";

    /** Whether the stream's first byte (left unread) may start a compressed stream; false at its end. */
    static boolean mayBeCompressed(InputStream in) throws IOException {
        in.mark(1);
        int first = in.read();
        in.reset();
        return first >= 0 && COMPRESSED_FIRST_BYTES.indexOf(first) >= 0;
    }

    private static void close(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // nothing more to say than the failure already reported
        }
    }
}
