package org.disktune.host;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;

/**
 * /dev/kmsg through the JDK's own file channel, without JNA's start. A FileChannel cannot be opened without blocking, but the JDK's {@code sun.nio.ch.IOUtil
 * .configureBlocking(FileDescriptor, boolean)} (fcntl F_SETFL O_NONBLOCK, what the JDK's own socket channels use) can
 * switch its descriptor once it is open, when the launcher exports that package to disktune
 * ({@code --add-exports=java.base/sun.nio.ch=ALL-UNNAMED}, the launcher's and the jar manifest's
 * {@code Add-Exports}). The channel then reads one record per read(2), and at the end read(2)'s EAGAIN comes back as
 * 0 bytes. EPIPE (the record was overwritten while we read; the next read gives the next one) comes back as an
 * IOException, like any other error: a few in a row are taken for that, more than {@link #RETRIES} are an error.
 *
 * <p>Where the package is not exported (plain {@code java -cp}, a JDK without that method), {@link #openKmsg} uses
 * the JNA reader it was given, as does {@link #readAll} (klogctl) always.
 */
final class ChannelKernelRingBuffer implements KernelRingBuffer {
    static final String KMSG = "/dev/kmsg";
    private static final int RECORD_BUFFER = 16_384;
    /** Consecutive failed reads taken for overwritten records before the read is given up. */
    static final int RETRIES = 64;

    /** Switches a descriptor to non-blocking; false when it cannot (the JDK's method is not accessible). */
    interface Unblocker {
        boolean unblock(FileDescriptor fd) throws IOException;
    }

    private final String path;
    private final Unblocker unblocker;
    private final KernelRingBuffer fallback;

    /** The JDK's switch is looked up on first open: a command that never reads the log (an empty verify) skips it. */
    ChannelKernelRingBuffer(KernelRingBuffer fallback) {
        this(KMSG, null, fallback);
    }

    /** {@code unblocker} null: the JDK's ({@link JdkUnblocker}), found on first open. */
    ChannelKernelRingBuffer(String path, Unblocker unblocker, KernelRingBuffer fallback) {
        this.path = path;
        this.unblocker = unblocker;
        this.fallback = fallback;
    }

    @Override
    public Records openKmsg() throws Unavailable {
        FileInputStream in;
        try {
            in = new FileInputStream(path);
        } catch (FileNotFoundException e) {
            throw new Unavailable(KMSG + ": " + reason(e.getMessage()));
        }
        boolean unblocked = false;
        try {
            unblocked = (unblocker != null ? unblocker : JdkUnblocker.INSTANCE).unblock(in.getFD());
        } catch (IOException e) {
            throw new Unavailable(KMSG + ": " + e.getMessage());
        } finally {
            if (!unblocked) {
                closeQuietly(in);
            }
        }
        if (!unblocked) {
            return fallback.openKmsg();
        }
        return new ChannelRecords(in);
    }

    @Override
    public String readAll() throws Unavailable {
        return fallback.readAll();
    }

    /**
     * What FileInputStream's message gives as the reason: it reads {@code PATH (REASON)}, REASON being strerror(3) of
     * open(2)'s errno, the same words JNA's strerror gave.
     */
    static String reason(String message) {
        if (message == null) {
            return "cannot open";
        }
        int open = message.lastIndexOf(" (");
        if (open >= 0 && message.endsWith(")")) {
            return message.substring(open + 2, message.length() - 1);
        }
        return message;
    }

    private static void closeQuietly(FileInputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // nothing was read; the descriptor is released either way
        }
    }

    private static final class ChannelRecords implements Records {
        private final FileInputStream in;
        private final FileChannel channel;
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(RECORD_BUFFER);
        private final byte[] bytes = new byte[RECORD_BUFFER];
        private boolean closed;

        ChannelRecords(FileInputStream in) {
            this.in = in;
            this.channel = in.getChannel();
        }

        @Override
        public String next() throws Unavailable {
            int n = read();
            return n < 0 ? null : new String(bytes, 0, n, StandardCharsets.UTF_8);
        }

        /** Each record an ASCII one is handed over as its bytes, without a String (most records are). */
        @Override
        public void forEach(KernelLogLineSink sink) throws Unavailable {
            for (int n = read(); n >= 0; n = read()) {
                if (isAscii(bytes, n)) {
                    sink.asciiKmsgRecord(bytes, 0, n);
                } else {
                    sink.line(new String(bytes, 0, n, StandardCharsets.UTF_8));
                }
            }
        }

        private static boolean isAscii(byte[] b, int n) {
            for (int i = 0; i < n; i++) {
                if (b[i] < 0) {
                    return false;
                }
            }
            return true;
        }

        /** Reads the next record into {@link #bytes}: its length up to its first newline, or -1 when none is waiting. */
        private int read() throws Unavailable {
            IOException last = null;
            for (int attempt = 0; !closed && attempt <= RETRIES; attempt++) {
                buffer.clear();
                int n;
                try {
                    n = channel.read(buffer);
                } catch (IOException e) {
                    last = e; // EPIPE: overwritten before we got to it; the next read gives the next record
                    continue;
                }
                if (n <= 0) {
                    return -1; // 0: EAGAIN, no record waiting; -1: end of file (not a kmsg device)
                }
                buffer.flip();
                buffer.get(bytes, 0, n);
                int end = 0;
                while (end < n && bytes[end] != '\n') {
                    end++;
                }
                return end;
            }
            if (last != null) {
                throw new Unavailable(KMSG + ": " + last.getMessage());
            }
            return -1;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                closeQuietly(in);
            }
        }
    }

    /** {@code sun.nio.ch.IOUtil.configureBlocking}, found once; inaccessible when the package is not exported to us. */
    enum JdkUnblocker implements Unblocker {
        INSTANCE;

        private final Method method = find();

        private static Method find() {
            try {
                Class<?> util = Class.forName("sun.nio.ch.IOUtil");
                if (!util.getModule().isExported("sun.nio.ch", JdkUnblocker.class.getModule())) {
                    return null;
                }
                return util.getMethod("configureBlocking", FileDescriptor.class, boolean.class);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        /** True when the JDK's method can be called here (the launcher exported its package). */
        boolean available() {
            return method != null;
        }

        @Override
        public boolean unblock(FileDescriptor fd) throws IOException {
            if (method == null) {
                return false;
            }
            try {
                method.invoke(null, fd, false);
                return true;
            } catch (IllegalAccessException e) {
                return false;
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof IOException) {
                    throw (IOException) e.getCause();
                }
                return false;
            }
        }
    }
}
