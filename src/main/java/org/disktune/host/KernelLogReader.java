package org.disktune.host;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/** An open kernel log: one record per line, in the order the kernel wrote them. */
public interface KernelLogReader extends Closeable {
    /** Where the lines come from, e.g. "/dev/kmsg" or "journalctl -k -b" or a file name. */
    String source();

    /** What was tried and fell back (e.g. "/dev/kmsg not readable as non-root; used journalctl"). */
    List<String> notes();

    /** The next line without its line end, or null at the end. */
    String readLine() throws IOException;

    /** Hands every remaining line to {@code sink}, in order: by default {@link #readLine} until the end. */
    default void forEachLine(KernelLogLineSink sink) throws IOException {
        String line;
        while ((line = readLine()) != null) {
            sink.line(line);
        }
    }
}
