package org.disktune.host;

import java.nio.charset.StandardCharsets;

import com.sun.jna.LastErrorException;
import com.sun.jna.NativeLong;

/**
 * /dev/kmsg and klogctl through libc. /dev/kmsg is opened with O_NONBLOCK and read with read(2): one record per call,
 * EAGAIN at the end, EPIPE when the record was overwritten while we read (skipped). {@link ChannelKernelRingBuffer}
 * reads /dev/kmsg without JNA when the launcher exports the JDK's sun.nio.ch; this is its fallback, and klogctl's.
 */
final class JnaKernelRingBuffer implements KernelRingBuffer {
    private static final String KMSG = "/dev/kmsg";
    private static final int O_RDONLY = 0;
    private static final int O_NONBLOCK = 04000; // x86, arm, arm64, ppc, riscv, s390
    private static final int O_CLOEXEC = 02000000;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    private static final int EPIPE = 32;
    private static final int SYSLOG_ACTION_READ_ALL = 3;
    private static final int SYSLOG_ACTION_SIZE_BUFFER = 10;
    private static final int RECORD_BUFFER = 16_384;

    /**
     * The libc calls used here, directly mapped (JNA Native.register): no proxy and no reflection per call, which the
     * interface mapping cost on every record (its NativeLong result was made by reflection). errno is reported as
     * LastErrorException. read(2)'s ssize_t result is taken as an int (the return register's low half: a record is
     * at most 16 KiB, errors are -1), its size_t argument as a NativeLong (the C long: 32 or 64 bits, as size_t).
     */
    private static final class Calls {
        static {
            Jna.register(Calls.class, "c");
        }

        static native int open(String path, int flags) throws LastErrorException;

        static native int read(int fd, byte[] buffer, NativeLong count) throws LastErrorException;

        static native int close(int fd);

        static native int klogctl(int type, byte[] buffer, int length) throws LastErrorException;

        static native String strerror(int errno);
    }

    JnaKernelRingBuffer() {
    }

    @Override
    public Records openKmsg() throws Unavailable {
        int fd;
        try {
            fd = Calls.open(KMSG, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        } catch (LastErrorException e) {
            throw new Unavailable(KMSG + ": " + Calls.strerror(e.getErrorCode()));
        }
        return new Records() {
            private final byte[] buffer = new byte[RECORD_BUFFER];
            private final NativeLong count = new NativeLong(RECORD_BUFFER);
            private boolean closed;

            @Override
            public String next() throws Unavailable {
                while (!closed) {
                    long n;
                    try {
                        n = Calls.read(fd, buffer, count);
                    } catch (LastErrorException e) {
                        int errno = e.getErrorCode();
                        if (errno == EPIPE || errno == EINTR) {
                            continue; // overwritten before we got to it; the next read gives the next record
                        }
                        if (errno == EAGAIN) {
                            return null;
                        }
                        throw new Unavailable(KMSG + ": " + Calls.strerror(errno));
                    }
                    if (n <= 0) {
                        return null;
                    }
                    int end = 0;
                    while (end < n && buffer[end] != '\n') {
                        end++;
                    }
                    return new String(buffer, 0, end, StandardCharsets.UTF_8);
                }
                return null;
            }

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    Calls.close(fd);
                }
            }
        };
    }

    @Override
    public String readAll() throws Unavailable {
        try {
            int size = Calls.klogctl(SYSLOG_ACTION_SIZE_BUFFER, null, 0);
            byte[] buffer = new byte[Math.max(size, 4096)];
            int n = Calls.klogctl(SYSLOG_ACTION_READ_ALL, buffer, buffer.length);
            return new String(buffer, 0, Math.max(n, 0), StandardCharsets.UTF_8);
        } catch (LastErrorException e) {
            throw new Unavailable("klogctl: " + Calls.strerror(e.getErrorCode()));
        }
    }
}
