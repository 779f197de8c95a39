package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.disktune.config.ConfigParser;
import org.disktune.config.ParsedConfig;
import org.disktune.persist.GeneratedRules;
import org.disktune.persist.UdevRulesFile;
import org.disktune.persist.UdevRulesGenerator;
import org.disktune.persist.UdevRulesParser;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * udev rules: the parser (udev 252's rules syntax) over mutated real rules files of distributions and users
 * (configs/udev) never throws; and what the generator renders from a desired state made of mutated configurations
 * parses back without a problem (parse(render(x)) is clean).
 */
class UdevRulesFuzzTest {
    private static final List<byte[]> SEEDS = Fuzz.resources("configs/udev", "");
    private static final List<byte[]> CONFIGS = Fuzz.resources("config", ".conf");
    private static final List<String> TOKENS = List.of("ACTION==\"add|change\", ", "KERNEL==\"sd[a-z]\", ", "ATTR{queue/scheduler}=\"bfq\"",
            "ENV{ID_SERIAL}==\"x\", ", "RUN+=\"/usr/sbin/hdparm -B254 $devnode\"", "GOTO=\"end\"", "LABEL=\"end\"", "\\\n", "\"", "{", "}",
            "==", "!=", "+=", ":=", "=", ",", "#", "\n", " ", "\t", "%k", "$kernel", "\\x41", "e\"x\"");
    private static final List<String> CONFIG_TOKENS = List.of("[disk d]\n", "match.model = WDC*\n", "match.serial = \"a b\"\n",
            "match.name = sd[a-c]\n", "match.wwn = 0x5000c500a1b2c3d4\n", "scheduler = bfq\n", "read_ahead_kb = 4096\n",
            "nr_requests = 64\n", "queue_depth = 1\n", "[md md0]\n", "stripe_cache_size = 4096\n", "*", "?", "[", "]", "\"", "\\", "=",
            "\n", " ", "%", "$", "{", "}");

    @Test
    void anyRulesFileParses() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.SHORT, file -> parseRules(file));
    }

    @Tag("fuzz")
    @Test
    void anyRulesFileParsesLongRun() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.LONG, file -> parseRules(file));
    }

    @Test
    void generatedRulesParseBackClean() {
        Fuzz.run(CONFIGS, CONFIG_TOKENS, Fuzz.SHORT, config -> generate(config));
    }

    @Tag("fuzz")
    @Test
    void generatedRulesParseBackCleanLongRun() {
        Fuzz.run(CONFIGS, CONFIG_TOKENS, Fuzz.LONG, config -> generate(config));
    }

    static void parseRules(byte[] file) {
        UdevRulesFile parsed = Fuzz.parse(file, () -> new UdevRulesParser().parse(new String(file, StandardCharsets.ISO_8859_1), "/etc/udev/rules.d/fuzz.rules"));
        assertNotNull(parsed, "the rules parser reports problems, it does not refuse");
    }

    static void generate(byte[] config) {
        ParsedConfig parsed = new ConfigParser().parse(config, "/etc/disktune/disktune.conf");
        if (!parsed.ok()) {
            return;
        }
        GeneratedRules rules = Fuzz.parse(config, () -> new UdevRulesGenerator().generate(parsed.state(), value -> value.value()));
        if (rules == null || rules.text().isEmpty()) {
            return;
        }
        UdevRulesFile back = new UdevRulesParser().parse(rules.text().get(), UdevRulesGenerator.PATH);
        assertEquals(List.of(), back.errors(), rules.text().get());
    }
}
