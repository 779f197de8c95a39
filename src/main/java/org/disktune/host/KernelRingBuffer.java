package org.disktune.host;

import java.io.Closeable;

/** The kernel's printk ring buffer, as /dev/kmsg records or one klogctl read. Package-private: tests fake it. */
interface KernelRingBuffer {

    /** Opens /dev/kmsg without blocking, positioned at the first record still in the buffer. */
    Records openKmsg() throws Unavailable;

    /** klogctl(SYSLOG_ACTION_READ_ALL): the whole buffer as {@code <6>[    4.620129] text} lines. */
    String readAll() throws Unavailable;

    /** Records read one per read(2). */
    interface Records extends Closeable {
        /** The next record ({@code 6,339,4620129,-;text}, dictionary lines cut off), or null when no more are waiting. */
        String next() throws Unavailable;

        /**
         * Hands every remaining record to {@code sink} until none is waiting: by default {@link #next} as
         * {@link KernelLogLineSink#line}; a reader with the record's bytes hands an ASCII one to
         * {@link KernelLogLineSink#asciiKmsgRecord}.
         */
        default void forEach(KernelLogLineSink sink) throws Unavailable {
            for (String record = next(); record != null; record = next()) {
                sink.line(record);
            }
        }

        @Override
        void close();
    }

    /** The buffer cannot be read this way; the message says why, e.g. "/dev/kmsg: Operation not permitted". */
    final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        Unavailable(String message) {
            super(message);
        }
    }
}
