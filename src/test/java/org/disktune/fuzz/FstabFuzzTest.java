package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.disktune.persist.Fstab;
import org.disktune.persist.FstabEditor;
import org.disktune.persist.FstabEntry;
import org.disktune.persist.FstabResult;
import org.disktune.persist.MountOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * /etc/fstab (libmount's reading rules, see Fstab) and its editor, over mutated real fstab files (configs/fstab): any
 * bytes give entries and problems, never an exception; setting atime or lazytime on a mount point the file names
 * either refuses with one line or changes the options field of that one line only (every other byte identical),
 * and setting the same again changes nothing.
 */
class FstabFuzzTest {
    private static final List<byte[]> SEEDS = Fuzz.resources("configs/fstab", "");
    private static final List<String> TOKENS = List.of("/dev/sda1 / ext4 defaults 0 1\n", "UUID=x /home xfs noatime,lazytime 0 2\n",
            "none swap swap sw 0 0\n", "\\040", "\\", "#", ",", "noatime", "relatime", "lazytime", "nolazytime", "defaults", " ", "\t",
            "\n", "\r\n", "/", "//", "x-systemd.automount", "=");
    private static final List<MountOptions> WANTED = List.of(new MountOptions("noatime", null), new MountOptions("relatime", Boolean.TRUE),
            new MountOptions(null, Boolean.FALSE), new MountOptions("strictatime", Boolean.FALSE));

    @Test
    void anyFileParsesAndAnEditChangesOneOptionsField() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.SHORT, file -> check(file));
    }

    @Tag("fuzz")
    @Test
    void anyFileParsesAndAnEditChangesOneOptionsFieldLongRun() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.LONG, file -> check(file));
    }

    static void check(byte[] file) {
        Fstab fstab = Fuzz.parse(file, () -> Fstab.parse(file, "/etc/fstab"));
        assertNotNull(fstab, "fstab reports problems, it does not refuse");
        List<String> mountPoints = fstab.entries().stream().map(FstabEntry::mountPoint).limit(3).toList();
        for (String mountPoint : mountPoints.isEmpty() ? List.of("/") : mountPoints) {
            MountOptions wanted = WANTED.get(Math.floorMod(mountPoint.hashCode() + file.length, WANTED.size()));
            FstabResult result = Fuzz.parse(file, () -> FstabEditor.set(file, "/etc/fstab", mountPoint, wanted));
            if (!(result instanceof FstabResult.Edited edited)) {
                continue;
            }
            String change = Fuzz.changedRange(file, edited.after());
            assertFalse(Fuzz.removed(change).contains("\n") || Fuzz.added(change).contains("\n")
                    || Fuzz.removed(change).contains("\r") || Fuzz.added(change).contains("\r"), "one field of one line: " + change);
            FstabResult again = FstabEditor.set(edited.after(), "/etc/fstab", mountPoint, wanted);
            assertTrue(again instanceof FstabResult.Edited e && !e.changed(), "setting again changes nothing: " + again);
        }
    }
}
