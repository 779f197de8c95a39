package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A setting nothing on the machine can carry across a reboot (CentOS 5's udev 095 reads no rule disktune could write) is
 * drift in verify, but its fix is not {@code disktune apply}, which cannot close it: verify and plan say what can.
 */
class UncarriedSettingsCommandTest {
    private static final String CONFIG = "src/test/resources/persist/udev/seed-centos5-ide.conf";

    @Test
    void verifyNamesAFixApplyCannotMakeForSettingsNoUdevRuleCanCarry() {
        CliRun verify = CliRun.run("--sample", "seed-centos5-ide", "--config", CONFIG, "verify");
        assertEquals(1, verify.exitCode(), verify.err());
        List<String> udevGaps = verify.out().lines().filter(l -> l.contains("in /etc/udev/rules.d/90-disktune.rules")).toList();
        assertEquals(4, udevGaps.size(), verify.out());
        for (String row : udevGaps) {
            assertTrue(row.startsWith("drift"), row);
            assertTrue(row.contains("no carrier"), row);
            assertTrue(row.contains("fix: none that disktune apply can make with this udev"), row);
            assertFalse(row.contains("fix: disktune apply"), row);
        }
        // a gap apply does close keeps its fix
        assertTrue(verify.out().lines().anyMatch(l -> l.contains("/etc/fstab") && l.contains("fix: disktune apply --config " + CONFIG)),
                verify.out());

        CliRun plan = CliRun.run("--sample", "seed-centos5-ide", "--config", CONFIG, "plan");
        assertTrue(plan.out().contains("hold until the next boot; fix: none that disktune apply can make with this udev: set them at each "
                + "boot another way, or take them out of [disk ide]"), plan.out());
    }
}
