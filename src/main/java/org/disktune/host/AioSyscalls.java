package org.disktune.host;

import java.util.Locale;

/**
 * The Linux native AIO system calls an {@link AsyncReader} makes, through JNA's direct mapping of libc's
 * {@code syscall(2)} (no libaio.so): io_setup, io_destroy, io_getevents and io_submit, with their numbers and
 * O_DIRECT's value on this machine's architecture.
 */
final class AioSyscalls {
    private static volatile LibC libc;
    private static volatile AioSyscalls machine;

    final long ioSetup;
    final long ioDestroy;
    final long ioGetevents;
    final long ioSubmit;
    /** O_DIRECT differs between architectures (asm-generic/fcntl.h 040000, arm64's asm/fcntl.h 0200000). */
    final int oDirect;

    private AioSyscalls(long ioSetup, long ioDestroy, long ioGetevents, long ioSubmit, int oDirect) {
        this.ioSetup = ioSetup;
        this.ioDestroy = ioDestroy;
        this.ioGetevents = ioGetevents;
        this.ioSubmit = ioSubmit;
        this.oDirect = oDirect;
    }

    static AioSyscalls forThisMachine() throws AsyncReader.UnavailableException {
        AioSyscalls known = machine;
        if (known != null) {
            return known;
        }
        String os = System.getProperty("os.name", "");
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.equals("Linux")) {
            throw new AsyncReader.UnavailableException("native AIO is a Linux interface, and this is " + os);
        }
        AioSyscalls calls = switch (arch) {
            case "amd64", "x86_64" -> new AioSyscalls(206, 207, 208, 209, 040000);
            case "aarch64", "arm64" -> new AioSyscalls(0, 1, 4, 2, 0200000);
            default -> throw new AsyncReader.UnavailableException("disktune knows the AIO system call numbers of x86_64 and aarch64, not of " + arch);
        };
        Direct.ensureRegistered();
        machine = calls;
        return calls;
    }

    static LibC libc() {
        LibC loaded = libc;
        if (loaded == null) {
            loaded = LibC.load();
            libc = loaded;
        }
        return loaded;
    }

    long syscall(long number, long a1, long a2, long a3, long a4, long a5) {
        return Direct.syscall(number, a1, a2, a3, a4, a5);
    }

    /**
     * The direct mapping. syscall(2) is variadic; passing six longs as fixed arguments is what every caller of it
     * does on x86_64 and aarch64, where integer arguments travel in the same registers either way, and glibc's
     * syscall reads its arguments from those registers.
     */
    private static final class Direct {
        static {
            Jna.register(Direct.class, "c");
        }

        static void ensureRegistered() {
            // loading the class ran the registration
        }

        static native long syscall(long number, long a1, long a2, long a3, long a4, long a5);
    }
}
