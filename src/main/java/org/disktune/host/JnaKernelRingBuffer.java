package org.disktune.host;

import java.nio.charset.StandardCharsets;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.NativeLong;

/**
 * /dev/kmsg and klogctl through libc. Java's FileChannel cannot read a character device without
 * blocking, so /dev/kmsg is opened with O_NONBLOCK and read with read(2): one record per call,
 * EAGAIN at the end, EPIPE when the record was overwritten while we read (skipped).
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

    /** The libc calls used here, with errno reported as LastErrorException. */
    interface Calls extends Library {
        int open(String path, int flags) throws LastErrorException;

        NativeLong read(int fd, byte[] buffer, NativeLong count) throws LastErrorException;

        int close(int fd);

        int klogctl(int type, byte[] buffer, int length) throws LastErrorException;

        String strerror(int errno);
    }

    /** Loaded on the first read of the log: a command that never reads it loads no JNA. */
    private Calls libc;

    JnaKernelRingBuffer() {
    }

    private synchronized Calls libc() {
        if (libc == null) {
            libc = Jna.load("c", Calls.class);
        }
        return libc;
    }

    @Override
    public Records openKmsg() throws Unavailable {
        int fd;
        try {
            fd = libc().open(KMSG, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        } catch (LastErrorException e) {
            throw new Unavailable(KMSG + ": " + libc().strerror(e.getErrorCode()));
        }
        return new Records() {
            private final byte[] buffer = new byte[RECORD_BUFFER];
            private boolean closed;

            @Override
            public String next() throws Unavailable {
                while (!closed) {
                    long n;
                    try {
                        n = libc().read(fd, buffer, new NativeLong(buffer.length)).longValue();
                    } catch (LastErrorException e) {
                        int errno = e.getErrorCode();
                        if (errno == EPIPE || errno == EINTR) {
                            continue; // overwritten before we got to it; the next read gives the next record
                        }
                        if (errno == EAGAIN) {
                            return null;
                        }
                        throw new Unavailable(KMSG + ": " + libc().strerror(errno));
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
                    libc().close(fd);
                }
            }
        };
    }

    @Override
    public String readAll() throws Unavailable {
        try {
            int size = libc().klogctl(SYSLOG_ACTION_SIZE_BUFFER, null, 0);
            byte[] buffer = new byte[Math.max(size, 4096)];
            int n = libc().klogctl(SYSLOG_ACTION_READ_ALL, buffer, buffer.length);
            return new String(buffer, 0, Math.max(n, 0), StandardCharsets.UTF_8);
        } catch (LastErrorException e) {
            throw new Unavailable("klogctl: " + libc().strerror(e.getErrorCode()));
        }
    }
}
