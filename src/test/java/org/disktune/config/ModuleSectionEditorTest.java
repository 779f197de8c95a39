package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ModuleSectionEditorTest {
    private static final ModuleSectionEditor EDITOR = new ModuleSectionEditor();

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String s(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void aNewFileStartsWithAHeaderNamingDisktuneAndTheManPage() {
        String created = s(EDITOR.set(null, "sata_nv", "adma", "1"));
        assertEquals("# /etc/disktune/disktune.conf: the desired state disktune applies and verifies.\n"
                + "# Format, sections and keys: man disktune.conf\n\n[module sata_nv]\nadma = 1\n", created);
        assertNull(EDITOR.unset(null, "sata_nv", "adma"));
    }

    /** Files without a [module sata_nv] section: set adds it, unset gives back the very same bytes. */
    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "\uFEFF",
            "# only a comment\n",
            "# no final newline",
            "[disk a]\nmatch.rotational = 1\n",
            "[disk a]\nmatch.rotational = 1",
            "[disk a]\nmatch.rotational = 1\n\n",
            "\uFEFF# c\r\n[disk a]\r\nmatch.rotational = 1\r\n",
            "\uFEFF# c\r\n[disk a]\r\nmatch.rotational = 1",
            "[module ahci]\nmobile_lpm_policy = 1\n# trailing comment\n"})
    void setThenUnsetGivesBackTheOriginalBytes(String original) {
        byte[] before = b(original);
        byte[] withOption = EDITOR.set(before, "sata_nv", "adma", "1");
        ParsedConfig parsed = new ConfigParser().parse(withOption, "t.conf");
        assertTrue(parsed.ok(), parsed.errors().toString());
        assertEquals(new ModuleParameter("adma", "1", parsed.state().modules().get(parsed.state().modules().size() - 1).parameters().get(0).line()),
                parsed.state().modules().get(parsed.state().modules().size() - 1).parameters().get(0));
        assertArrayEquals(before, EDITOR.unset(withOption, "sata_nv", "adma"), s(withOption));
    }

    @Test
    void aNewSectionKeepsCrlfBomAndTheMissingFinalNewline() {
        assertEquals("\uFEFF# c\r\n[disk a]\r\nmatch.rotational = 1\r\n\r\n[module sata_nv]\r\nadma = 1\r\n",
                s(EDITOR.set(b("\uFEFF# c\r\n[disk a]\r\nmatch.rotational = 1\r\n"), "sata_nv", "adma", "1")));
        assertEquals("[disk a]\nmatch.rotational = 1\n\n[module sata_nv]\nadma = 1",
                s(EDITOR.set(b("[disk a]\nmatch.rotational = 1"), "sata_nv", "adma", "1")));
    }

    @Test
    void anExistingValueIsReplacedInPlaceKeepingItsSpacing() {
        String file = "# mine\r\n[module sata_nv]\r\n  adma=0   \r\nswncq = 1\r\n\r\n[disk a]\r\nmatch.rotational = 1\r\n";
        assertEquals(file.replace("adma=0", "adma=1"), s(EDITOR.set(b(file), "sata_nv", "adma", "1")));
        assertEquals(file.replace("swncq = 1", "swncq = 0"), s(EDITOR.set(b(file), "sata-nv", "swncq", "N")));
    }

    @Test
    void theSameValueAgainReturnsTheSameArray() {
        byte[] file = b("[module sata_nv]\nadma = 1\n");
        assertSame(file, EDITOR.set(file, "sata_nv", "adma", "1"));
        assertSame(file, EDITOR.set(file, "sata_nv", "adma", "Y"));
        assertSame(file, EDITOR.unset(file, "sata_nv", "swncq"));
        assertSame(file, EDITOR.unset(file, "ahci", "x"));
    }

    @Test
    void aNewKeyGoesAfterTheSectionsLastKey() {
        String file = "[module sata_nv]\n# ADMA for the raptors\nadma = 1\n\n# next\n[mount /]\natime = noatime\n";
        String set = s(EDITOR.set(b(file), "sata_nv", "swncq", "0"));
        assertEquals("[module sata_nv]\n# ADMA for the raptors\nadma = 1\nswncq = 0\n\n# next\n[mount /]\natime = noatime\n", set);
        assertEquals(file, s(EDITOR.unset(b(set), "sata_nv", "swncq")));
        assertEquals("[module sata_nv]\nadma = 1", s(EDITOR.set(b("[module sata_nv]"), "sata_nv", "adma", "1")));
    }

    @Test
    void unsetOfTheLastKeyRemovesTheHeaderAndItsBlankLine() {
        assertEquals("[disk a]\nmatch.rotational = 1\n\n[mount /]\natime = noatime\n",
                s(EDITOR.unset(b("[disk a]\nmatch.rotational = 1\n\n[module sata_nv]\nadma = 1\n\n[mount /]\natime = noatime\n"), "sata_nv", "adma")));
        assertEquals("[mount /]\natime = noatime\n", s(EDITOR.unset(b("[module sata_nv]\nadma = 1\n\n[mount /]\natime = noatime\n"), "sata_nv", "adma")));
        assertEquals("[module sata_nv]\nswncq = 0", s(EDITOR.unset(b("[module sata_nv]\nswncq = 0\nadma = 1"), "sata_nv", "adma")));
    }

    @Test
    void badInputIsAUsageErrorAndChangesNothing() {
        byte[] file = b("[module sata_nv]\nadma = 1\n");
        List<String> messages = List.of(
                assertThrows(DisktuneException.class, () -> EDITOR.set(file, "sata_nv", "adma", "1\n[disk x]")).getMessage(),
                assertThrows(DisktuneException.class, () -> EDITOR.set(file, "sata_nv", "adma", "1;reboot")).getMessage(),
                assertThrows(DisktuneException.class, () -> EDITOR.set(file, "sata_nv", "adma", "maybe")).getMessage(),
                assertThrows(DisktuneException.class, () -> EDITOR.set(file, "../x", "adma", "1")).getMessage(),
                assertThrows(DisktuneException.class, () -> EDITOR.set(file, "sata_nv", "a b", "1")).getMessage());
        assertEquals(List.of(
                "value '1\\u000a[disk x]' of sata_nv adma must be one word without control characters or any of ;&|$`<>\"'\\#",
                "value '1;reboot' of sata_nv adma must be one word without control characters or any of ;&|$`<>\"'\\#",
                "sata_nv.adma is a bool: use 1 or 0 (Y/N, y/n, on/off also work), not 'maybe'",
                "'../x' is not a module name; use lower-case letters, digits and _ as lsmod shows it",
                "'a b' is not a parameter name of sata_nv; use lower-case letters, digits and _ (modinfo -p sata_nv lists them)"), messages);
    }

    @Test
    void aFileWithErrorsIsNotEditedAndSaysWhy() {
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> EDITOR.set(b("[disc x]\n[disk y]\n"), "sata_nv", "adma", "1"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("/etc/disktune/disktune.conf:1: unknown section [disc x]; did you mean [disk x]? (1 more; run disktune config check)", e.getMessage());
    }
}
