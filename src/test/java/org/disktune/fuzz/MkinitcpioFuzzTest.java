package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.disktune.initramfs.config.MkinitcpioConf;
import org.disktune.initramfs.config.MkinitcpioFilesEditor;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * mkinitcpio.conf: the FILES editor over mutated real files of every mkinitcpio release (configs/mkinitcpio). Any
 * bytes parse or are refused with one line; when a file parses, adding the options file changes nothing but an
 * insertion that holds the path (every other byte identical), the result parses and holds it, and removing it
 * gives back the very same bytes (parse(render(x)) == x).
 */
class MkinitcpioFuzzTest {
    private static final String PATH = "/etc/modprobe.d/disktune.conf";
    private static final List<byte[]> SEEDS = Fuzz.resources("configs/mkinitcpio", "");
    private static final List<String> TOKENS = List.of("FILES=", "FILES=()", "FILES=\"\"", "FILES=('/a' \"/b\")", "FILES+=(", "HOOKS=(",
            "MODULES=(", "(", ")", "\"", "'", "\\", "#", "$(", "`", "\n", " ", "\t", "=", "/etc/x", "declare -a ", "${", "}");

    @Test
    void addThenRemoveIsTheIdentityAndTouchesOnlyFiles() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.SHORT, file -> check(file));
    }

    @Tag("fuzz")
    @Test
    void addThenRemoveIsTheIdentityAndTouchesOnlyFilesLongRun() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.LONG, file -> check(file));
    }

    static void check(byte[] file) {
        MkinitcpioFilesEditor editor = new MkinitcpioFilesEditor("/etc/mkinitcpio.conf");
        MkinitcpioConf before = Fuzz.parse(file, () -> editor.parse(file));
        if (before == null || before.files().contains(PATH)) {
            return;
        }
        byte[] added = Fuzz.parse(file, () -> editor.add(file, PATH));
        if (added == null) {
            return;
        }
        String change = Fuzz.changedRange(file, added);
        assertEquals("", Fuzz.removed(change), "adding only inserts");
        assertTrue(Fuzz.added(change).contains(PATH) || new String(added, StandardCharsets.ISO_8859_1).contains(PATH), change);
        MkinitcpioConf after = Fuzz.parse(added, () -> editor.parse(added));
        assertNotNull(after, "the edited file parses");
        assertTrue(after.files().contains(PATH), "the edited file holds the path");
        assertEquals(before.hooks(), after.hooks());
        assertEquals(before.modules(), after.modules());
        assertEquals(new String(file, StandardCharsets.ISO_8859_1), new String(editor.remove(added, PATH), StandardCharsets.ISO_8859_1),
                "remove(add(x)) == x");
    }
}
