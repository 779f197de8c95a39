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
        assertFalse(Files.exists(stale), "another native version's directory is removed");
        assertTrue(Files.isDirectory(cache.resolve("unrelated")), "only jna-* directories are touched");
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
}
