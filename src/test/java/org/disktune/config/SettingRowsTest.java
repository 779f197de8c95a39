package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** What the rows of the settings table give the rest of disktune: the allow-list, the keys offered, the bounds. */
class SettingRowsTest {
    @Test
    void theAllowListIsEveryWritableSysfsAttribute() {
        assertEquals(List.of("queue/scheduler", "queue/read_ahead_kb", "device/queue_depth", "queue/nr_requests", "queue/rq_affinity",
                "queue/nomerges", "queue/add_random", "queue/iostats", "queue/wbt_lat_usec", "queue/max_sectors_kb"),
                new SettingAttributes().ofBlockDevices());
        assertEquals(List.of("md/stripe_cache_size"), new SettingAttributes().ofMdArrays());
    }

    @Test
    void aReadOnlySettingIsKnownAndBoundsAnotherButIsNotOffered() {
        assertEquals(Optional.of(Setting.MAX_HW_SECTORS_KB), Setting.find(SettingScope.DISK, "max_hw_sectors_kb"));
        assertFalse(Setting.of(SettingScope.DISK).contains(Setting.MAX_HW_SECTORS_KB));
        assertEquals(Optional.of(Setting.MAX_HW_SECTORS_KB), Setting.MAX_SECTORS_KB.limit());
        assertEquals(Optional.empty(), Setting.NR_REQUESTS.limit());
        assertTrue(SettingSyntax.check(Setting.MAX_HW_SECTORS_KB, "128") instanceof SettingSyntax.Outcome.Rejected);
    }

    @Test
    void aSwitchMeansTheSameWrittenEitherWay() {
        SettingSyntax.Rule rule = Setting.ADD_RANDOM.syntax();
        assertEquals(rule.meaning("off"), rule.meaning("0"));
        assertEquals(Setting.MAX_SECTORS_KB.syntax().meaning("0064"), Setting.MAX_SECTORS_KB.syntax().meaning("64\n"));
    }
}
