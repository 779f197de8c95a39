package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.disktune.config.ConfigParser;
import org.disktune.config.ModuleSectionEditor;
import org.disktune.config.ParsedConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The desired-state file (/etc/disktune/disktune.conf) and its [module] editor, over mutated real configurations
 * (config/example.conf, the man page's examples): any bytes give a configuration or one-line problems, never an
 * exception; on a file without problems, {@code modprobe set}'s edit replaces one value or inserts lines (every other
 * byte identical), the result parses and holds the option, and setting it again changes nothing.
 */
class DesiredStateFuzzTest {
    private static final List<byte[]> SEEDS = Fuzz.resources("config", ".conf");
    private static final List<String> TOKENS = List.of("[module sata_nv]\n", "[disk d]\n", "[md md0]\n", "[mount /]\n", "adma = 1\n",
            "match.model = WDC*\n", "scheduler = none\n", "read_ahead_kb = 4096\n", "atime = noatime\n", "match.name = sd*\n",
            "[", "]", "=", "#", ";", "\\", "\"", "\n", "\r\n", " ", "\t", "${x}", "adma", "sata_nv");

    @Test
    void anyFileParsesAndSetTouchesOnlyItsValue() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.SHORT, file -> check(file));
    }

    @Tag("fuzz")
    @Test
    void anyFileParsesAndSetTouchesOnlyItsValueLongRun() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.LONG, file -> check(file));
    }

    static void check(byte[] file) {
        ParsedConfig parsed = Fuzz.parse(file, () -> new ConfigParser().parse(file, "/etc/disktune/disktune.conf"));
        assertNotNull(parsed, "the parser reports problems, it does not refuse");
        for (String value : List.of("0", "1")) {
            ModuleSectionEditor editor = new ModuleSectionEditor();
            byte[] set = Fuzz.parse(file, () -> editor.set(file, "sata_nv", "adma", value));
            if (set == null) {
                assertFalse(parsed.ok(), () -> "set refuses only a file with problems, here: " + Fuzz.lastRefusal + "; input saved as " + Fuzz.save(file));
                continue;
            }
            String removed = Fuzz.removed(Fuzz.changedRange(file, set));
            assertFalse(removed.contains("\n"), "set replaces at most one value: removed [" + removed + "]");
            ParsedConfig after = new ConfigParser().parse(set, "/etc/disktune/disktune.conf");
            assertTrue(after.ok(), after.errors().toString());
            assertTrue(after.state().modules().stream().filter(m -> m.module().equals("sata_nv"))
                    .flatMap(m -> m.parameters().stream()).anyMatch(p -> p.name().equals("adma") && p.value().equals(value)));
            assertEquals(new String(set, StandardCharsets.ISO_8859_1),
                    new String(editor.set(set, "sata_nv", "adma", value), StandardCharsets.ISO_8859_1), "setting again changes nothing");
        }
    }
}
