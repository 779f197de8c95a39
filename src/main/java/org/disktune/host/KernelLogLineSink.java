package org.disktune.host;

import java.nio.charset.StandardCharsets;

/**
 * Receives the lines of a kernel log, in order ({@link KernelLogReader#forEachLine}). The /dev/kmsg reader hands its
 * ASCII records to {@link #asciiKmsgRecord} as bytes, so that a sink can look at one (its time, a prefix) without
 * making a String of each of the records it does not use.
 */
public interface KernelLogLineSink {
    /** The next line, without its line end. */
    void line(String line);

    /**
     * The next line, a /dev/kmsg record ({@code PRIO,SEQ,MICROS,FLAGS;message}, its dictionary lines cut off) as
     * {@code bytes[from, to)}, every byte below 0x80; the array is the reader's buffer, valid only during the call.
     * By default the same as {@link #line} of those chars.
     */
    default void asciiKmsgRecord(byte[] bytes, int from, int to) {
        line(new String(bytes, from, to - from, StandardCharsets.ISO_8859_1));
    }
}
