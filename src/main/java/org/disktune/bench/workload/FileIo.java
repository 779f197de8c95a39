package org.disktune.bench.workload;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

import com.sun.nio.file.ExtendedOpenOption;

/**
 * The file I/O of the directory workloads: whether a file system takes O_DIRECT, blocks of random bytes in aligned
 * direct buffers, and positional reads and writes that go on until the buffer is done (a short read or write is not
 * an error on Linux, so one call is not enough).
 */
final class FileIo {
    private FileIo() {
    }

    /**
     * Whether {@code directory}'s file system takes O_DIRECT: one aligned block written and read back through
     * {@code ExtendedOpenOption.DIRECT}. A file system without direct I/O fails open(2) with EINVAL (ramfs; tmpfs
     * before Linux 6.6, which added "trivial support for direct IO" to shmem), or the JDK refuses the option.
     */
    static boolean directIoWorks(Path directory, int alignment) throws IOException {
        Path probe = directory.resolve("direct-probe");
        try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
            ByteBuffer block = randomBlock(alignment, alignment);
            writeFully(channel, block, 0);
            block.clear();
            readFully(channel, block, 0);
            return true;
        } catch (UnsupportedOperationException e) {
            return false;
        } catch (FileSystemException e) {
            if ("Invalid argument".equals(e.getReason())) {
                return false;
            }
            throw e;
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).contains("Invalid argument")) {
                return false;
            }
            throw e;
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /** A direct buffer of {@code size} bytes whose address is a multiple of {@code alignment}, filled with random bytes. */
    static ByteBuffer randomBlock(int size, int alignment) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(size + alignment).alignedSlice(alignment);
        buffer.limit(size);
        ByteBuffer block = buffer.slice();
        SplittableRandom random = new SplittableRandom();
        while (block.remaining() >= Long.BYTES) {
            block.putLong(random.nextLong());
        }
        block.clear();
        return block;
    }

    static void writeFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            at += channel.write(buffer, at);
        }
    }

    static void readFully(FileChannel channel, ByteBuffer buffer, long position) throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, at);
            if (n < 0) {
                throw new EOFException("the test file ended at " + at + " bytes");
            }
            at += n;
        }
    }
}
