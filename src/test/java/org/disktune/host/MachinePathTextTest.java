package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class MachinePathTextTest {
    private static final Path ROOT = Path.of("/srv/tree");

    @Test
    void pathsBelowTheRootBecomeMachinePaths() {
        assertEquals("cannot write /etc/fstab: /etc/fstab: Not a directory",
                MachinePathText.of(ROOT, "cannot write /srv/tree/etc/fstab: /srv/tree/etc/fstab: Not a directory"));
        assertEquals("/etc/x (was '/boot/y')", MachinePathText.of(ROOT, "/srv/tree/etc/x (was '/srv/tree/boot/y')"));
        assertEquals("/etc/fstab", MachinePathText.machinePath(ROOT, Path.of("/srv/tree/etc/fstab")));
        assertEquals("/srv/other/etc", MachinePathText.machinePath(ROOT, Path.of("/srv/other/etc")));
    }

    @Test
    void theRootItselfAndLookalikesStay() {
        assertEquals("--root /srv/tree is not a directory", MachinePathText.of(ROOT, "--root /srv/tree is not a directory"));
        assertEquals("/srv/tree2/etc/x and /x/srv/tree/etc", MachinePathText.of(ROOT, "/srv/tree2/etc/x and /x/srv/tree/etc"));
    }

    @Test
    void theMachineItselfIsUnchanged() {
        assertEquals("cannot write /etc/fstab", MachinePathText.of(Path.of("/"), "cannot write /etc/fstab"));
        assertEquals("/etc/fstab", MachinePathText.machinePath(Path.of("/"), Path.of("/etc/fstab")));
    }
}
