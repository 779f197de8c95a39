package org.disktune.tiers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** A tier's tests run as root and are named as not run, with the reason, as another user; never left out silently. */
class TierReportTest {
    /** Run by the launcher below only (surefire leaves nested classes out). */
    static class Plain {
        @Test
        void passes() {
        }
    }

    @Tag("root")
    static class NeedsRoot {
        @Test
        void passes() {
        }

        @Test
        void passesToo() {
        }
    }

    @Test
    void aRootTierRunsAsRootAndIsReportedNotRunOtherwise() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        LauncherFactory.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build())
                .execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(Plain.class), selectClass(NeedsRoot.class))
                        .build(), new TierReport(new PrintStream(printed, true, StandardCharsets.UTF_8)));
        List<String> lines = printed.toString(StandardCharsets.UTF_8).replaceAll("in [0-9.]+ s", "in T s").lines().toList();
        String tier = System.getProperty("disktune.tier", "tests");
        if (Tier.isRoot()) {
            assertEquals(List.of("[tier " + tier + "] 3 tests run in T s: 3 passed, 0 failed, 0 aborted"), lines);
        } else {
            assertEquals(List.of("[tier " + tier + "] 1 tests run in T s: 1 passed, 0 failed, 0 aborted",
                    "[tier " + tier + "] not run: needs root: 2 tests (run them as root, as .ci/run does)"), lines);
        }
    }

    @Test
    void everyTierButKmsgIsMetOnlyByRoot() {
        assertEquals(Tier.isRoot(), Tier.unmet(Set.of("root", "crash")).isEmpty());
        assertEquals(Tier.isRoot(), Tier.unmet(Set.of("loop")).isEmpty());
        assertEquals(Tier.isRoot(), Tier.unmet(Set.of("debootstrap")).isEmpty());
        assertTrue(Tier.unmet(Set.of("crash", "fuzz")).isEmpty(), "crash and fuzz need nothing more");
    }
}
