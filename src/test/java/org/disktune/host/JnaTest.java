package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.jna.Native;
import com.sun.jna.Platform;

class JnaTest {
    private static final String LIB = System.mapLibraryName("jnidispatch");

    @Test
    void unpacksThisPlatformsDispatchLibraryOnceAndDropsOtherVersions(@TempDir Path cache) throws Exception {
        Path stale = Files.createDirectories(cache.resolve("jna-6.1.0"));
        Path staleZstd = Files.createDirectories(cache.resolve("zstd-jni-1.0.0"));
        Files.writeString(staleZstd.resolve("libzstd-jni-1.0.0.so"), "an older zstd-jni's library");
        Files.writeString(stale.resolve(LIB), "an older JNA's library");
        Files.createDirectories(cache.resolve("unrelated"));

        Jna.main(new String[] {cache.toString()});

        Path written = cache.resolve("jna-" + Native.VERSION_NATIVE).resolve(LIB);
        byte[] expected;
        try (InputStream in = Native.class.getResourceAsStream("/com/sun/jna/" + Platform.RESOURCE_PREFIX + "/" + LIB)) {
            expected = in.readAllBytes();
        }
        assertArrayEquals(expected, Files.readAllBytes(written), "the jar's library, byte for byte");
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(written)), "readable by every user's JVM");
        Path zstd = Jna.zstdLibrary(cache);
        byte[] zstdExpected;
        try (InputStream in = com.github.luben.zstd.util.ZstdVersion.class.getResourceAsStream(
                "/linux/" + System.getProperty("os.arch") + "/" + zstd.getFileName())) {
            zstdExpected = in.readAllBytes();
        }
        assertArrayEquals(zstdExpected, Files.readAllBytes(zstd), "zstd-jni's library of this version, byte for byte");
        assertFalse(Files.exists(stale), "another native version's directory is removed");
        assertFalse(Files.exists(staleZstd), "another zstd-jni version's directory is removed");
        assertTrue(Files.isDirectory(cache.resolve("unrelated")), "only jna-* and zstd-jni-* directories are touched");
        try (var left = Files.list(written.getParent())) {
            assertEquals(1, left.count(), "no temporary file left");
        }
    }

    @Test
    void emptiesThePlatformPathSoNoLdconfigRunsButKeepsTheUsers() {
        assertEquals(Map.of("jna.platform.library.path", ""), Jna.properties(new HashMap<String, String>()::get));
        Map<String, String> user = Map.of("jna.platform.library.path", "/opt/lib");
        assertEquals(Map.of(), Jna.properties(user::get));
    }

    @Test
    void namesTheCachedDispatchLibraryOnlyWhenThisVersionsIsThere(@TempDir Path cache) throws Exception {
        Map<String, String> current = Map.of("jna.platform.library.path", "/usr/lib", Jna.CACHE_PROPERTY, cache.toString());
        assertEquals(Map.of(), Jna.properties(current::get), "empty cache: JNA unpacks as usual");

        Files.createDirectories(cache.resolve("jna-0.0.1")).resolve(LIB).toFile().createNewFile();
        assertEquals(Map.of(), Jna.properties(current::get), "another native version is never named");

        Path dir = Files.createDirectories(Jna.dispatchDirectory(cache));
        Files.writeString(dir.resolve(LIB), "x");
        assertEquals(Map.of("jna.boot.library.path", dir.toString()), Jna.properties(current::get));

        Map<String, String> userBoot = Map.of("jna.platform.library.path", "/usr/lib", Jna.CACHE_PROPERTY, cache.toString(),
                "jna.boot.library.path", "/opt/jna");
        assertEquals(Map.of(), Jna.properties(userBoot::get), "the user's boot path is kept");
    }

    @Test
    void namesZstdJnisLibraryOnlyForThisVersion(@TempDir Path cache) throws Exception {
        Map<String, String> current = Map.of("jna.platform.library.path", "/usr/lib", Jna.CACHE_PROPERTY, cache.toString());
        assertEquals(Map.of(), Jna.properties(current::get), "empty cache: zstd-jni unpacks as usual");
        Path zstd = Jna.zstdLibrary(cache);
        assertTrue(zstd.getFileName().toString().contains(com.github.luben.zstd.util.ZstdVersion.VERSION), zstd.toString());
        Files.createDirectories(zstd.getParent());
        Files.writeString(zstd, "x");
        assertEquals(Map.of(Jna.ZSTD_PROPERTY, zstd.toAbsolutePath().toString()), Jna.properties(current::get));
        Map<String, String> relative = Map.of("jna.platform.library.path", "/usr/lib", Jna.CACHE_PROPERTY, Path.of("").toAbsolutePath().relativize(cache).toString());
        Path named = Path.of(Jna.properties(relative::get).get(Jna.ZSTD_PROPERTY));
        assertTrue(named.isAbsolute(), "a relative cache (target/disktune run as target/disktune) gives an absolute path: " + named);
        assertEquals(zstd.toAbsolutePath().normalize(), named.normalize());
        Map<String, String> user = Map.of("jna.platform.library.path", "/usr/lib", Jna.CACHE_PROPERTY, cache.toString(),
                Jna.ZSTD_PROPERTY, "/opt/zstd.so");
        assertEquals(Map.of(), Jna.properties(user::get), "the user's zstd-jni path is kept");
    }
}
