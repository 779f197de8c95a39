package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * modprobe set --dry-run on a tree without an initramfs generator (the captured Debian 12 samples hold no
 * initramfs-tools): the plan up to the initramfs, then one line saying the tree has no generator; exit 4
 * as the real run (docs/commands.md, modprobe set). Never the live machine's "install your distribution's generator".
 */
class ModprobeSetTreeWithoutGeneratorTest {
    @TempDir
    Path root;

    private static void partialPlan(CliRun run, String tree) {
        assertEquals(4, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("+++ b/etc/disktune/disktune.conf"), run.out());
        assertTrue(run.out().contains("+++ b/etc/modprobe.d/disktune.conf") && run.out().contains("+options ahci mobile_lpm_policy=3"), run.out());
        assertFalse(run.out().contains("initramfs of"), "no rebuild step: " + run.out());
        assertEquals("disktune: " + tree + " has no initramfs generator (no mkinitcpio, dracut or initramfs-tools in the tree): the plan above "
                + "stops before the initramfs; nothing was changed", run.err().strip());
    }

    @Test
    void aSampleShowsThePlanUpToTheInitramfsAndSaysItHasNoGenerator() {
        partialPlan(CliRun.run("--sample", "qemu-ahci", "modprobe", "set", "ahci", "mobile_lpm_policy=3", "--dry-run"), "sample qemu-ahci");
        CliRun json = CliRun.run("--json", "--sample", "qemu-ahci", "modprobe", "set", "ahci", "mobile_lpm_policy=3", "--dry-run");
        assertEquals(4, json.exitCode());
        assertEquals("", json.out());
    }

    @Test
    void aRootTreeToo() throws IOException {
        SampleMachines.createTree(new SampleMachines().entries("qemu-ahci"), root);
        partialPlan(CliRun.run("--root", root.toString(), "modprobe", "set", "ahci", "mobile_lpm_policy=3", "--dry-run"), "--root " + root);
        assertFalse(Files.exists(root.resolve("etc/modprobe.d/disktune.conf")), "a dry run writes nothing");
    }
}
