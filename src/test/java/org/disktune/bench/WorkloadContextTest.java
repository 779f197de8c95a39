package org.disktune.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import org.junit.jupiter.api.Test;

class WorkloadContextTest {
    @Test
    void trialsRunForTheProfilesTimeUnlessATestAsksForShorterOnes() {
        WorkloadContext context = new WorkloadContext(null, "loop0", Path.of("/dev/loop0"), Profile.DEFAULT, Clock.systemUTC(), System::nanoTime);
        assertEquals(Duration.ofSeconds(3), context.trialTime());
        assertEquals(Duration.ofSeconds(1), new WorkloadContext(null, null, null, Profile.QUICK, null, null, null).trialTime());
        WorkloadContext shorter = context.withTrialTime(Duration.ofMillis(200));
        assertEquals(Duration.ofMillis(200), shorter.trialTime());
        assertEquals(Profile.DEFAULT, shorter.profile());
        assertEquals(context.path(), shorter.path());
        assertThrows(IllegalArgumentException.class, () -> context.withTrialTime(Duration.ZERO));
        assertThrows(NullPointerException.class, () -> new WorkloadContext(null, null, null, null, null, null));
    }
}
