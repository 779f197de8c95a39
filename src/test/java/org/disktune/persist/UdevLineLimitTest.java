package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.disktune.config.ConfigParser;
import org.disktune.config.ConfigProblem;
import org.disktune.config.ParsedConfig;
import org.junit.jupiter.api.Test;

/**
 * The rules line udev reads, by version: LINE_SIZE (512) before 128 and UTIL_LINE_SIZE (2048) from 128, counted over a
 * rule with its continuation lines as mapped before 131; 2048 through fgets from 131 to 151; 16384 from 152 (eudev's
 * fgets and systemd's read_line).
 */
class UdevLineLimitTest {
    private static final String RULE_END = "\n";

    @Test
    void before128ARuleWithItsContinuationLinesIsReadIntoLineSize() {
        assertEquals(Optional.empty(), UdevLineLimit.excess("A".repeat(511) + RULE_END, 127));
        assertEquals(Optional.of(512), bytes(UdevLineLimit.excess("A".repeat(512) + RULE_END, 127)));
        assertTrue(UdevLineLimit.excess("A".repeat(512) + RULE_END, 127).orElseThrow().says().contains("LINE_SIZE, 512 bytes of udev.h"));
        // each line is short, but buf_get_line counts the rule through its "\" and newline and the next line's blanks
        String continued = "X".repeat(300) + ", \\\n  " + "Y".repeat(300) + RULE_END;
        assertEquals(Optional.of(606), bytes(UdevLineLimit.excess(continued, 105)));
        assertEquals(Optional.empty(), UdevLineLimit.excess("# " + "c".repeat(1000) + RULE_END, 105), "a comment is skipped before the count");
    }

    @Test
    void from128ToThe131ParserTheCountIsUtilLineSize() {
        assertEquals(Optional.empty(), UdevLineLimit.excess("A".repeat(512) + RULE_END, 128));
        assertEquals(Optional.empty(), UdevLineLimit.excess("A".repeat(2047) + RULE_END, 130));
        assertEquals(Optional.of(2048), bytes(UdevLineLimit.excess("A".repeat(2048) + RULE_END, 130)));
    }

    @Test
    void from131To151FgetsHoldsARuleWithItsNewlineOfLessThan2047Bytes() {
        assertEquals(Optional.empty(), UdevLineLimit.excess("A".repeat(2045) + RULE_END, 151));
        assertEquals(Optional.of(2047), bytes(UdevLineLimit.excess("A".repeat(2046) + RULE_END, 151)));
        String continued = "X".repeat(1000) + ", \\\n  " + "Y".repeat(1040) + RULE_END; // joined: 1000 + ", " + "  " + 1040 + newline
        assertEquals(Optional.empty(), UdevLineLimit.excess(continued, 131));
        assertEquals(Optional.of(2047), bytes(UdevLineLimit.excess(continued.replace("Y" + RULE_END, "YYY" + RULE_END), 131)));
        // the end of a comment line fgets cannot hold would be read as a rule
        assertEquals(Optional.of(2048), bytes(UdevLineLimit.excess("#" + "c".repeat(2046) + RULE_END, 140)));
        assertTrue(UdevLineLimit.excess("A".repeat(2046) + RULE_END, 151).orElseThrow().says().contains("UTIL_LINE_SIZE (2048 bytes)"));
    }

    @Test
    void from152TheLineIs16384AsInSystemd() {
        assertEquals(Optional.empty(), UdevLineLimit.excess("A".repeat(2046) + RULE_END, 152));
        assertEquals(Optional.empty(), UdevLineLimit.excess("A".repeat(16_381) + RULE_END, 152));
        assertEquals(Optional.of(16_383), bytes(UdevLineLimit.excess("A".repeat(16_382) + RULE_END, 0)), "eudev's fgets, with its newline");
        assertEquals(Optional.of(16_384), bytes(UdevLineLimit.excess("#" + "c".repeat(16_382) + RULE_END, 252)), "systemd's read_line");
    }

    @Test
    void theGeneratorRefusesARuleOnEitherSideOf128And152() {
        String model = "M".repeat(600); // a rule of about 760 bytes
        assertTrue(refused(model, 127).orElseThrow().message().contains("match.model of [disk a] is 600 characters long"));
        assertTrue(refused(model, 127).orElseThrow().message().contains("udev 127 of this machine reads a rule, its continuation lines "
                + "included, into LINE_SIZE, 512 bytes of udev.h, so of less than 512 bytes, and skips a longer rule"), refused(model, 127)
                .orElseThrow().message());
        assertEquals(Optional.empty(), refused(model, 128));
        String longer = "M".repeat(1_950); // a rule of about 2100 bytes
        assertTrue(refused(longer, 151).orElseThrow().message().contains("udev 151 of this machine reads rules lines with fgets into "
                + "UTIL_LINE_SIZE (2048 bytes)"), refused(longer, 151).orElseThrow().message());
        assertTrue(refused(longer, 128).isPresent());
        assertEquals(Optional.empty(), refused(longer, 152));
    }

    @Test
    void aJumpRuleBeforeTheRuleIsHeldToTheLimitToo() {
        // before 109 a != with alternatives becomes a rule of its own that jumps past the rule: that line must fit as well
        String text = UdevRuleText.skipping(List.of("# c"), List.of(UdevKey.of("KERNEL", "==", "a|" + "b".repeat(500))),
                List.of("KERNEL==\"sd*\""), "disktune_disk_1");
        assertTrue(UdevLineLimit.excess(text, 105).isPresent());
    }

    private static Optional<Integer> bytes(Optional<UdevLineLimit.Excess> excess) {
        return excess.map(UdevLineLimit.Excess::bytes);
    }

    /** The error of a [disk a] section matching {@code model} on udev {@code udev}, or empty when its rule is written. */
    private static Optional<ConfigProblem> refused(String model, int udev) {
        ParsedConfig parsed = new ConfigParser().parse(("[disk a]\nmatch.model = " + model + "\nread_ahead_kb = 1024\n")
                .getBytes(StandardCharsets.UTF_8), "c.conf");
        assertEquals(List.of(), parsed.errors());
        GeneratedRules rules = new UdevRulesGenerator().generate(parsed.state(), v -> v.value(), UdevMatches.MdMembers.NONE,
                new UdevTarget(true, true, udev, true, false, BlockDevpath.ATA_PORTS));
        assertEquals(rules.errors().isEmpty(), rules.text().isPresent(), rules.toString());
        return rules.errors().stream().findFirst();
    }
}
