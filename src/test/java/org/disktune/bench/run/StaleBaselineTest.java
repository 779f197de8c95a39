package org.disktune.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

/**
 * A baseline whose stored result is gone (deleted by hand, or its directory restored from an older copy) is one
 * target not compared, with the reason; it does not stop {@code verify --bench} from comparing the others.
 */
class StaleBaselineTest {
    @Test
    void aBaselineWhoseResultIsGoneIsSkippedWithTheReason() {
        TestMachine m = TestMachine.create().file(Baselines.PATH, "{\n  \"device:loop1\" : \"20261206T013130Z-loop1\"\n}\n");
        List<BeforeAfter.After> afters = new BeforeAfter(m.host()).again();
        assertEquals(1, afters.size());
        BeforeAfter.After after = afters.get(0);
        assertEquals("device:loop1", after.key());
        assertNull(after.comparison());
        assertTrue(after.skipped().contains("20261206T013130Z-loop1") && after.skipped().contains("apply --bench"), after.skipped());
    }
}
