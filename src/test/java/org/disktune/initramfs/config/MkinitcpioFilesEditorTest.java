package org.disktune.initramfs.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class MkinitcpioFilesEditorTest {
    private static final String PATH = "/etc/modprobe.d/disktune.conf";
    private final MkinitcpioFilesEditor editor = new MkinitcpioFilesEditor("/etc/mkinitcpio.conf");

    static Stream<Path> realConfigs() {
        return ConfigFixtures.files("mkinitcpio").stream().filter(p -> !p.toString().contains("/presets/"));
    }

    @ParameterizedTest
    @MethodSource("realConfigs")
    void addChangesOnlyTheFilesAssignmentAndRemoveRestoresTheBytes(Path file) {
        byte[] original = ConfigFixtures.read(file);
        String before = new String(original, StandardCharsets.ISO_8859_1);
        ShellStatement.Assignment files = ShellConfigScanner.scan("t", before).stream()
                .filter(s -> s instanceof ShellStatement.Assignment a && a.name().equals("FILES"))
                .map(s -> (ShellStatement.Assignment) s).reduce((a, b) -> b).orElseThrow();
        List<String> filesBefore = editor.parse(original).files();

        byte[] added = editor.add(original, PATH);
        String after = new String(added, StandardCharsets.ISO_8859_1);
        int prefix = 0;
        while (prefix < before.length() && before.charAt(prefix) == after.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < before.length() - prefix && before.charAt(before.length() - 1 - suffix) == after.charAt(after.length() - 1 - suffix)) {
            suffix++;
        }
        assertEquals(before.length(), prefix + suffix, "only an insertion: " + file);
        String inserted = after.substring(prefix, after.length() - suffix);
        assertTrue(inserted.strip().equals(PATH), "inserted exactly one token: [" + inserted + "] in " + file);
        assertTrue(prefix >= files.contentStart() && prefix <= files.contentEnd(), "insertion inside the FILES value of " + file);
        assertEquals(files.form(), editor.parse(added).filesForm(), "syntax kept: " + file);
        List<String> expected = new java.util.ArrayList<>(filesBefore);
        expected.add(PATH);
        assertEquals(expected, editor.parse(added).files());

        assertSame(added, editor.add(added, PATH), "second add is a no-op");
        assertArrayEquals(original, editor.remove(added, PATH), "remove restores " + file);
        assertSame(original, editor.remove(original, PATH), "remove of an absent path is a no-op");
    }

    @Test
    void realStringFormGainsTheSeedPathInsideTheQuotes() {
        byte[] conf = ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio").resolve("mkinitcpio.conf.0.5.18.conf"));
        String after = new String(editor.add(conf, "/etc/modprobe.d/sata_nv"), StandardCharsets.ISO_8859_1);
        assertTrue(after.contains("\nFILES=\"/etc/modprobe.d/sata_nv\"\n"), after);
        assertTrue(after.contains("#    FILES=\"/etc/modprobe.conf\""), "commented example untouched");
    }

    @Test
    void commentedDecoysAreIgnored() {
        byte[] conf = ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio").resolve("user/Manouchehri-root.2015.mkinitcpio.conf"));
        assertEquals(List.of("/root/key"), editor.parse(conf).files());
        String after = new String(editor.add(conf, PATH), StandardCharsets.ISO_8859_1);
        assertTrue(after.contains("FILES=\"/root/key " + PATH + "\""), after);
        assertTrue(after.contains("# FILES=\"\""));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "FILES=()\\n|FILES=(/x)\\n",
        "FILES=( )\\n|FILES=(/x )\\n",
        "FILES=''\\n|FILES='/x'\\n",
        "FILES=\"\"\\n|FILES=\"/x\"\\n",
        "FILES=(/a '/b')   # keep\\n|FILES=(/a '/b' /x)   # keep\\n",
        "FILES=(\\n  /a\\n  /b\\n)\\n|FILES=(\\n  /a\\n  /b\\n  /x\\n)\\n",
        "FILES=(/a\\n\\t/b # note\\n)\\n|FILES=(/a\\n\\t/b # note\\n\\t/x\\n)\\n",
        "#FILES=(/y)\\nFILES=(/a)\\nFILES+=(/b)|#FILES=(/y)\\nFILES=(/a)\\nFILES+=(/b /x)",
        "MODULES=()\\nHOOKS=(base)\\n|MODULES=()\\nHOOKS=(base)\\nFILES=(/x) # added by disktune\\n",
        "MODULES=\"\"\\nHOOKS=\"base\"|MODULES=\"\"\\nHOOKS=\"base\"\\nFILES=\"/x\" # added by disktune",
        "|FILES=\"/x\" # added by disktune\\n",
    })
    void syntheticShapes(String in, String out) {
        byte[] before = unescape(in);
        byte[] after = editor.add(before, "/x");
        assertEquals(new String(unescape(out), StandardCharsets.ISO_8859_1), new String(after, StandardCharsets.ISO_8859_1));
        assertArrayEquals(before, editor.remove(after, "/x"));
        assertTrue(editor.contains(after, "/x"));
        assertFalse(editor.contains(before, "/x"));
    }

    @Test
    void removesAUserPathTogetherWithItsSeparator() {
        assertEquals("FILES=(/b)\n", new String(editor.remove("FILES=(/a /b)\n".getBytes(), "/a")));
        assertEquals("FILES=\"/a\"\n", new String(editor.remove("FILES=\"/a /b\"\n".getBytes(), "/b")));
    }

    @Test
    void unquotedValueAndUnsafePathAreUsageErrors() {
        DisktuneException e = assertThrows(DisktuneException.class, () -> editor.add("FILES=/a\n".getBytes(), "/x"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
        assertThrows(DisktuneException.class, () -> editor.add("FILES=()\n".getBytes(), "/a b"));
        assertThrows(DisktuneException.class, () -> editor.add("FILES=()\n".getBytes(), "rel/path"));
        DisktuneException bad = assertThrows(DisktuneException.class, () -> editor.add("FILES=(/a\n".getBytes(), "/x"));
        assertTrue(bad.getMessage().contains("unterminated array"), bad.getMessage());
    }

    @Test
    void parsesHooksAndDetectsModconf() {
        MkinitcpioConf v24 = editor.parse(ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio").resolve("mkinitcpio.conf.v24.conf")));
        assertEquals(List.of("base", "udev", "autodetect", "modconf", "block", "filesystems", "keyboard", "fsck"), v24.hooks());
        assertTrue(v24.modconfHook());
        assertEquals(ValueForm.ARRAY, v24.filesForm());
        MkinitcpioConf old = editor.parse(ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio").resolve("mkinitcpio.conf.0.5.18.conf")));
        assertEquals(List.of("base", "udev", "autodetect", "pata", "scsi", "sata", "filesystems"), old.hooks());
        assertFalse(old.modconfHook());
        assertEquals(ValueForm.DOUBLE_QUOTED, old.filesForm());
        MkinitcpioConf miles = editor.parse(ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio").resolve("user/MilesBHuff-Dotfiles.2019.mkinitcpio.conf")));
        assertEquals(List.of("/etc/fstab"), miles.files());
        assertTrue(miles.modules().contains("lz4_compress"), miles.modules().toString());
    }

    private static byte[] unescape(String s) {
        return (s == null ? "" : s).replace("\\n", "\n").replace("\\t", "\t").getBytes(StandardCharsets.ISO_8859_1);
    }

    /** bash keeps the last of two FILES= lines: adding to either would leave the admin's intent to a guess. */
    @Test
    void filesSetTwiceIsRefusedAndFilesPlusEqualsIsNot() {
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> editor.add("FILES=(/a)\nHOOKS=(base)\nFILES=\"/b\"\n".getBytes(), "/x"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("/etc/mkinitcpio.conf sets FILES 2 times (lines 1, 3), and only the last counts; keep one FILES line and run again",
                e.getMessage());
        assertEquals("FILES=(/a)\nFILES+=(/b /x)\n", new String(editor.add("FILES=(/a)\nFILES+=(/b)\n".getBytes(), "/x")));
    }
}
