package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A rules file on disk against the generated one, as udev reads both: only the rules count. */
class UdevRulesDifferenceTest {
    private static final String FILE = "/etc/udev/rules.d/90-disktune.rules";
    private static final String GENERATED = """
            # generated
            ACTION=="add|change", SUBSYSTEM=="block", \\
              ENV{ID_MODEL}=="WDC*", \\
              ATTR{device/queue_depth}="1"

            # [md md7] line 5
            ACTION=="add|change", KERNEL=="md7", ATTR{md/stripe_cache_size}="8192"
            """;

    private static List<String> of(String actual) {
        return UdevRulesDifference.of(actual, GENERATED, FILE);
    }

    @Test
    void commentsBlankLinesContinuationsAndSpacingAreNoDifference() {
        assertEquals(List.of(), of(GENERATED + "# checked by hand\n"));
        assertEquals(List.of(), of("""
                ACTION=="add|change",SUBSYSTEM=="block",ENV{ID_MODEL}=="WDC*",   ATTR{device/queue_depth}="1"
                # a comment where the generator has none
                ACTION=="add|change", KERNEL=="md7", ATTR{md/stripe_cache_size}="8192"
                """));
    }

    @Test
    void eachDifferingRuleIsNamedByTheLineItStartsOn() {
        assertEquals(List.of("the rule of line 2 has ATTR{device/queue_depth}=\"4\" instead of ATTR{device/queue_depth}=\"1\""),
                of(GENERATED.replace("queue_depth}=\"1\"", "queue_depth}=\"4\"")));
        assertEquals(List.of("the rule of line 7 lacks ATTR{md/stripe_cache_size}=\"8192\""),
                of(GENERATED.replace(", ATTR{md/stripe_cache_size}=\"8192\"", "")));
        assertEquals(List.of("the rule of line 7 also has ATTR{md/sync_speed_max}=\"1000\""),
                of(GENERATED.replace("\"8192\"", "\"8192\", ATTR{md/sync_speed_max}=\"1000\"")));
        assertEquals(List.of("a rule is missing (ACTION==\"add|change\", KERNEL==\"md7\", ATTR{md/stripe_cache_size}=\"8192\")"),
                of(GENERATED.replace("ACTION==\"add|change\", KERNEL==\"md7\"", "# ACTION==\"add|change\", KERNEL==\"md7\"")));
        assertEquals(List.of("the rule of line 8 is not generated (KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\")"),
                of(GENERATED + "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n"));
    }

    @Test
    void aRuleUdevRejectsIsADifference() {
        List<String> differences = of(GENERATED + "FROBNICATE==\"x\"\n");
        assertEquals(1, differences.size(), differences.toString());
        assertTrue(differences.get(0).startsWith("line 8 is a rule udev rejects ("), differences.toString());
    }

    @Test
    void aSummaryNamesThreeAndCountsTheRest() {
        assertEquals("a; b; c; and 2 more", UdevRulesDifference.summary(List.of("a", "b", "c", "d", "e")));
        assertEquals("a; b", UdevRulesDifference.summary(List.of("a", "b")));
    }
}
