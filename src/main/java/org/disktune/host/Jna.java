package org.disktune.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;

import com.github.luben.zstd.util.ZstdVersion;

/**
 * JNA's start, made cheap for a command that lives a fraction of a second. Every JNA binding of the host goes through
 * {@link #load} or {@link #register}, which first call {@link #prepare}. Two costs of JNA 5's class initializers are
 * avoided:
 * <ul>
 * <li>NativeLibrary's runs {@code /sbin/ldconfig -p} (a process) to list library directories for short names, unless
 * {@code jna.platform.library.path} is set. disktune never loads a library by short name through that list: JNA opens
 * the process itself for {@code "c"} on Linux (NativeLibrary.loadLibrary), and other libraries are named by soname,
 * which dlopen(3) finds as ld.so does. So the list is set empty, unless the user set it.</li>
 * <li>Native's unpacks libjnidispatch.so from the jar into a temporary file and loads it, on every run, unless
 * {@code jna.boot.library.path} names a directory that has it. {@code disktune-class-archive} (run by the build and
 * by the package's postinst) writes it once with {@link #main}, to {@code DIR/jna-NATIVE/libjnidispatch.so} beside
 * the class-data archive, NATIVE being the native version this JNA requires ({@link Native.VERSION_NATIVE}); the
 * launcher passes DIR as {@code -Ddisktune.cache=DIR}. A directory of another native version is never used, so an
 * upgraded jar with an old cache starts as if there were none (JNA would refuse an incompatible library).</li>
 * </ul>
 * zstd-jni (the zstd decoder of initramfs images) unpacks its own JNI library the same way on every run; {@link #main}
 * writes it to {@code DIR/zstd-jni-VERSION/libzstd-jni-VERSION.so} too, and {@link #prepare} names it in zstd-jni's
 * {@code ZstdNativePath} property when the file of this zstd-jni's version is there (ImageScanner calls it before
 * opening a zstd segment).
 */
public final class Jna {
    /** The launcher's directory of derived files (class-data archive, dispatch library). */
    static final String CACHE_PROPERTY = "disktune.cache";
    /** zstd-jni loads the library this names instead of unpacking its own (com.github.luben.zstd.util.Native). */
    static final String ZSTD_PROPERTY = "ZstdNativePath";
    private static boolean prepared;

    private Jna() {
    }

    /** Sets JNA's library properties as the class comment says, once, before JNA's classes initialize. */
    public static synchronized void prepare() {
        if (!prepared) {
            prepared = true;
            properties(System::getProperty).forEach(System::setProperty);
        }
    }

    /** The properties {@link #prepare} sets, given the current ones (a property the user set is kept). */
    static Map<String, String> properties(UnaryOperator<String> current) {
        Map<String, String> set = new LinkedHashMap<>();
        if (current.apply("jna.platform.library.path") == null) {
            set.put("jna.platform.library.path", "");
        }
        String cache = current.apply(CACHE_PROPERTY);
        if (cache != null && !cache.isEmpty() && current.apply("jna.boot.library.path") == null) {
            Path dir = dispatchDirectory(Path.of(cache));
            if (Files.isReadable(dir.resolve(System.mapLibraryName("jnidispatch")))) {
                set.put("jna.boot.library.path", dir.toString());
            }
        }
        if (cache != null && !cache.isEmpty() && current.apply(ZSTD_PROPERTY) == null) {
            Path zstd = zstdLibrary(Path.of(cache));
            if (Files.isReadable(zstd)) {
                set.put(ZSTD_PROPERTY, zstd.toAbsolutePath().toString()); // System.load takes absolute paths only
            }
        }
        return set;
    }

    /** Where zstd-jni's library of this version lies under a cache directory (its own name carries the version). */
    static Path zstdLibrary(Path cache) {
        String name = "libzstd-jni-" + ZstdVersion.VERSION + ".so";
        return cache.resolve("zstd-jni-" + ZstdVersion.VERSION).resolve(name);
    }

    /** {@code Native.load(name, type)} after {@link #prepare}. */
    static <T extends Library> T load(String name, Class<T> type) {
        prepare();
        return Native.load(name, type);
    }

    /** {@code Native.register(type, name)} (direct mapping) after {@link #prepare}. */
    static void register(Class<?> type, String name) {
        prepare();
        Native.register(type, name);
    }

    /** Where the dispatch library of this JNA lies under a cache directory. */
    static Path dispatchDirectory(Path cache) {
        return cache.resolve("jna-" + Native.VERSION_NATIVE);
    }

    /**
     * Writes this machine's libjnidispatch from the jar to {@code CACHE/jna-NATIVE/} (a temporary file renamed over
     * the old one) and removes the directories of other native versions. Usage: {@code java -cp JAR
     * org.disktune.host.Jna CACHE}; exit status 1 when this JNA has no library for the platform.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: java -cp disktune.jar org.disktune.host.Jna CACHE_DIRECTORY");
            System.exit(2);
        }
        Path cache = Path.of(args[0]);
        String name = System.mapLibraryName("jnidispatch");
        String resource = "/com/sun/jna/" + Platform.RESOURCE_PREFIX + "/" + name;
        Path dir = dispatchDirectory(cache);
        try (InputStream in = Native.class.getResourceAsStream(resource)) {
            if (in == null) {
                System.err.println("disktune: this JNA has no " + resource + ": JNA unpacks nothing in advance here");
                System.exit(1);
            }
            write(in, dir.resolve(name));
        }
        // zstd-jni's, from where its Native.load() looks: /linux/ARCH/libzstd-jni-VERSION.so
        Path zstd = zstdLibrary(cache);
        try (InputStream in = ZstdVersion.class.getResourceAsStream("/linux/" + System.getProperty("os.arch") + "/" + zstd.getFileName())) {
            if (in != null) {
                write(in, zstd);
            }
        }
        removeOthers(cache, "jna-*", dir);
        removeOthers(cache, "zstd-jni-*", zstd.getParent());
    }

    private static void write(InputStream in, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        Path temporary = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".new");
        try {
            Files.copy(in, temporary, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-r--r--")); // any user's JVM loads it
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void removeOthers(Path cache, String glob, Path dir) throws IOException {
        try (var others = Files.newDirectoryStream(cache, glob)) {
            for (Path other : others) {
                if (!other.equals(dir) && Files.isDirectory(other)) {
                    try (var files = Files.list(other)) {
                        for (Path file : files.toList()) {
                            Files.delete(file);
                        }
                    }
                    Files.delete(other);
                }
            }
        }
    }
}
