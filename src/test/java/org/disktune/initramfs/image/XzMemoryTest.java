package org.disktune.initramfs.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.disktune.cli.Main;
import org.disktune.host.ToolRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * xz -9 and lzma -9 streams carry a 64 MiB dictionary (xz -lvv: "Memory needed: 65 MiB") even for
 * a tiny archive. disktune asks the decoder for the need first (xz-java's memory limit throws
 * MemoryLimitException with the need before allocating) and decodes only within the heap left: in a child JVM with -Xmx32m (65 MiB cannot fit) that is exit 2 and one line naming the need and JAVA_TOOL_OPTIONS; with the
 * default heap (a quarter of this machine's memory) the listing. Never an OutOfMemoryError.
 */
class XzMemoryTest {
    @TempDir
    Path dir;

    private ToolRun disktune(List<String> jvmOptions, Path image) {
        List<String> argv = new ArrayList<>();
        argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        argv.addAll(jvmOptions);
        argv.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "initramfs", "list", image.toString()));
        return ToolRun.run(dir, null, dir.resolve("stdout.txt"), argv);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xz", "lzma"})
    void aSixtyFourMebibyteDictionaryIsAOneLineErrorInASmallHeapAndListsInTheDefaultOne(String program) throws IOException {
        Path tree = Files.createDirectories(dir.resolve("tree/etc"));
        Files.writeString(tree.resolve("a.conf"), "options ahci mobile_lpm_policy=1\n");
        Path list = dir.resolve("names");
        Files.write(list, List.of(".", "etc", "etc/a.conf"), StandardCharsets.UTF_8);
        Path cpio = dir.resolve("a.cpio");
        assertEquals(0, ToolRun.run(dir.resolve("tree"), list, cpio, List.of("cpio", "--quiet", "-o", "-H", "newc")).exitCode());
        Path image = dir.resolve("initrd.img");
        ToolRun xz = ToolRun.run(dir, null, image, List.of(program, "-9", "-c", cpio.toString()));
        assertEquals(0, xz.exitCode(), xz.stderr());

        ToolRun small = disktune(List.of("-Xmx32m"), image);
        assertEquals(2, small.exitCode(), small.stderr());
        assertEquals(1, small.stderr().lines().count(), small.stderr());
        assertTrue(small.stderr().startsWith("disktune: " + image + ": archive 1 (" + program + ") at offset 0: the " + program
                + " stream needs 65 MiB of memory to unpack"), small.stderr());
        assertTrue(small.stderr().endsWith("allow it with JAVA_TOOL_OPTIONS=-Xmx192m\n"), small.stderr());
        assertFalse(small.stderr().contains("Error") || small.stderr().contains("\tat "), small.stderr());

        ToolRun normal = disktune(List.of(), image);
        assertEquals(0, normal.exitCode(), normal.stderr());
        assertTrue(Files.readString(dir.resolve("stdout.txt")).contains("etc/a.conf"));
    }
}
