package org.disktune.host;

import com.sun.jna.Library;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;

/** The few libc calls disktune needs, bound through JNA. Package-private: only the host uses them. */
interface LibC extends Library {
    int O_RDONLY = 0;
    int O_NONBLOCK = 04000;
    int O_CLOEXEC = 02000000;
    long BLKRAGET = 0x1263L;
    long BLKRASET = 0x1262L;
    long BLKFLSBUF = 0x1261L;
    long BLKGETSIZE64 = 0x80081272L;
    long BLKSSZGET = 0x1268L;
    int POSIX_FADV_DONTNEED = 4;
    int LOCK_EX = 2;
    int LOCK_NB = 4;
    int LOCK_UN = 8;

    static LibC load() {
        return Jna.load("c", LibC.class);
    }

    int geteuid();

    int open(String path, int flags);

    int close(int fd);

    /** flock(2): whole-file locks of an open file description, independent of fcntl(2) record locks on Linux. */
    int flock(int fd, int operation);

    int ioctl(int fd, long request, LongByReference value);

    int ioctl(int fd, long request, long value);

    int ioctl(int fd, long request, IntByReference value);

    /** Returns 0 or the error number itself (it does not set errno). offset and len are off_t (64 bits). */
    int posix_fadvise(int fd, long offset, long len, int advice);
}
