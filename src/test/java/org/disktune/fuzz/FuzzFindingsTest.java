package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.disktune.config.ConfigParser;
import org.disktune.config.ConfigProblem;
import org.disktune.config.ParsedConfig;
import org.disktune.core.DisktuneException;
import org.disktune.initramfs.config.MkinitcpioFilesEditor;
import org.junit.jupiter.api.Test;

/**
 * The inputs the parser fuzzers found bugs with, reduced to their core, each test named after its input. Before the
 * fixes: the first two hung the shell scanner for ever (a word that does not advance inside an array), the third
 * was accepted (String.trim() took the control character off before it was checked, while the [module] editor saw
 * it and refused), the fourth ended in an IllegalStateException, an internal error (ini4j splits KEY: VALUE at ':'),
 * and the fifth was "edited" into a file whose FILES lacked the path (the appended line became a continuation).
 */
class FuzzFindingsTest {
    private static final Duration QUICK = Duration.ofSeconds(5);

    /** bash: {@code PRESETS=(&default 'fallback')} is "syntax error near unexpected token `&'". */
    @Test
    void arrayOpeningWithAmpersandIsRefusedNotAHang() {
        MkinitcpioFilesEditor editor = new MkinitcpioFilesEditor("/etc/mkinitcpio.d/linux.preset");
        byte[] file = "PRESETS=(&default' 'fallback')\nALL_kver='2.6.24-ARCH'\n".getBytes(StandardCharsets.ISO_8859_1);
        DisktuneException e = assertTimeoutPreemptively(QUICK, () -> assertThrows(DisktuneException.class, () -> editor.parse(file)));
        assertEquals("/etc/mkinitcpio.d/linux.preset line 1: '&' inside the array PRESETS=( ); fix the file's shell syntax "
                + "(bash -n /etc/mkinitcpio.d/linux.preset) and run again", e.getMessage());
    }

    @Test
    void semicolonInsideFilesArrayIsRefusedNotAHang() {
        MkinitcpioFilesEditor editor = new MkinitcpioFilesEditor("/etc/mkinitcpio.conf");
        byte[] file = "MODULES=()\nFILES=(/etc/a\n  /etc/b;/etc/c)\n".getBytes(StandardCharsets.ISO_8859_1);
        DisktuneException e = assertTimeoutPreemptively(QUICK, () -> assertThrows(DisktuneException.class, () -> editor.add(file, "/etc/d")));
        assertEquals("/etc/mkinitcpio.conf line 3: ';' inside the array FILES=( ); fix the file's shell syntax (bash -n /etc/mkinitcpio.conf) "
                + "and run again", e.getMessage());
    }

    /** Appending FILES after a last line that ends in '\\' would make it that line's continuation: refused, not a wrong edit. */
    @Test
    void subshellFilesEndingInBackslashIsRefusedNotEditedWrong() {
        MkinitcpioFilesEditor editor = new MkinitcpioFilesEditor("/etc/mkinitcpio.conf");
        byte[] file = "(FILES=\\".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(List.of(), editor.parse(file).files(), "FILES set in a subshell is not FILES");
        DisktuneException e = assertThrows(DisktuneException.class, () -> editor.add(file, "/etc/modprobe.d/disktune.conf"));
        assertEquals("/etc/mkinitcpio.conf: adding /etc/modprobe.d/disktune.conf to FILES would not read back (does its last line end "
                + "with a '\\' that continues it?); fix the file's shell syntax (bash -n /etc/mkinitcpio.conf) and run again", e.getMessage());
    }

    @Test
    void backspaceAtTheEndOfAModuleValueIsAProblem() {
        ParsedConfig parsed = new ConfigParser().parse("[module sata_nv]\nadma = 1\b\n".getBytes(StandardCharsets.UTF_8), "disktune.conf");
        assertFalse(parsed.ok());
        assertEquals(List.of("disktune.conf:2: column 9 holds the control byte 0x08, so this is not a text configuration (a damaged or binary file); "
                + "write it again as text (man disktune.conf) or restore it from a backup"),
                parsed.errors().stream().map(ConfigProblem::toString).toList());
    }

    @Test
    void keyWithAColonIsAProblemNotAnInternalError() {
        ParsedConfig parsed = new ConfigParser().parse("[disk raptors]\nmatch.model = WDC*\nmb: only for devices = WDC*\nread_ahead_kb = 1024\n"
                .getBytes(StandardCharsets.UTF_8), "disktune.conf");
        assertFalse(parsed.ok());
        assertEquals(List.of("disktune.conf:3: key mb: only for devices contains ':'; keys are names such as read_ahead_kb or match.model "
                + "(KEY = VALUE)"), parsed.errors().stream().map(ConfigProblem::toString).toList());
    }

    /** An unclosed '"' made the whole options field one option: strictatime was appended again on every edit. */
    @Test
    void fstabOptionsWithAnUnclosedQuoteAreRefusedNotEditedTwice() {
        byte[] file = "LABEL=boot\t/boot\text4\t\"oauto,noatime\t1 2\n".getBytes(StandardCharsets.ISO_8859_1);
        org.disktune.persist.FstabResult result = org.disktune.persist.FstabEditor.set(file, "/etc/fstab", "/boot",
                new org.disktune.persist.MountOptions("strictatime", Boolean.FALSE));
        assertEquals(new org.disktune.persist.FstabResult.Refused("/etc/fstab:1: the options field '\"oauto,noatime' has a '\"' that is not "
                + "closed, so it cannot be split into options; fix the line by hand"), result);
    }
}
