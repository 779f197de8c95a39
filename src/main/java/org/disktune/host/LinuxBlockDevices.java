package org.disktune.host;

import com.sun.jna.Native;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * Block-device ioctls on the live machine, through libc (JNA). Read-only apart from BLKRASET (a readahead the apply
 * executor journals), BLKFLSBUF and the page-cache drop of posix_fadvise, which change no data.
 */
final class LinuxBlockDevices implements BlockDevices {
    private final LibC libc;

    LinuxBlockDevices(LibC libc) {
        this.libc = libc;
    }

    @Override
    public long sizeBytes(String device) {
        return query(device, LibC.BLKGETSIZE64);
    }

    @Override
    public long readAheadSectors(String device) {
        return query(device, LibC.BLKRAGET);
    }

    @Override
    public void setReadAheadSectors(String device, long sectors) {
        if (sectors < 0) {
            throw new IllegalArgumentException("readahead must not be negative: " + sectors);
        }
        int fd = openDevice(device);
        try {
            if (libc.ioctl(fd, LibC.BLKRASET, sectors) != 0) {
                throw failure(device, "BLKRASET");
            }
        } finally {
            libc.close(fd);
        }
    }

    @Override
    public int logicalBlockSize(String device) {
        int fd = openDevice(device);
        try {
            IntByReference value = new IntByReference();
            if (libc.ioctl(fd, LibC.BLKSSZGET, value) != 0) {
                throw failure(device, "BLKSSZGET");
            }
            return value.getValue();
        } finally {
            libc.close(fd);
        }
    }

    @Override
    public void dropFileCache(String machinePath) {
        if (!machinePath.startsWith("/") || machinePath.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("machine path must be absolute: " + machinePath);
        }
        int fd = libc.open(machinePath, LibC.O_RDONLY | LibC.O_CLOEXEC);
        if (fd < 0) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, machinePath + ": open failed (errno " + Native.getLastError()
                    + "); its page cache cannot be dropped: run as root, and keep the file in place while it is measured");
        }
        try {
            int error = libc.posix_fadvise(fd, 0, 0, LibC.POSIX_FADV_DONTNEED);
            if (error != 0) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, machinePath + ": posix_fadvise(POSIX_FADV_DONTNEED) failed (error "
                        + error + "); its page cache cannot be dropped");
            }
        } finally {
            libc.close(fd);
        }
    }

    @Override
    public void flushBuffers(String device) {
        int fd = openDevice(device);
        try {
            if (libc.ioctl(fd, LibC.BLKFLSBUF, 0L) != 0) {
                throw failure(device, "BLKFLSBUF");
            }
        } finally {
            libc.close(fd);
        }
    }

    private long query(String device, long request) {
        int fd = openDevice(device);
        try {
            LongByReference value = new LongByReference();
            if (libc.ioctl(fd, request, value) != 0) {
                throw failure(device, request == LibC.BLKRAGET ? "BLKRAGET" : "BLKGETSIZE64");
            }
            return value.getValue();
        } finally {
            libc.close(fd);
        }
    }

    private int openDevice(String device) {
        if (!device.matches("[A-Za-z0-9._-]+")) {
            throw new DisktuneException(ExitCode.USAGE, "'" + device + "' is not a block device name; use a kernel name such as sda");
        }
        int fd = libc.open("/dev/" + device, LibC.O_RDONLY | LibC.O_NONBLOCK | LibC.O_CLOEXEC);
        if (fd < 0) {
            throw failure(device, "open");
        }
        return fd;
    }

    private static DisktuneException failure(String device, String call) {
        int errno = Native.getLastError();
        return new DisktuneException(ExitCode.ENVIRONMENT,
                "/dev/" + device + ": " + call + " failed (errno " + errno + "); run as root on a machine that has this device");
    }
}
