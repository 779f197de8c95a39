package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.host.Host;
import org.disktune.testing.GeneratorMachine;
import org.disktune.testing.GeneratorMachine.Behaviour;
import org.junit.jupiter.api.Test;

class InitramfsRebuildCommandTest {
    static CliRun run(GeneratorMachine m, String... args) {
        Host host = m.host();
        return CliRun.run(o -> host, args);
    }

    @Test
    void rebuildsEveryKernelChecksAndJournals() {
        GeneratorMachine m = GeneratorMachine.debian();
        byte[] old = m.read("/boot/initrd.img-6.1.0-18-amd64");
        CliRun run = run(m, "initramfs", "rebuild");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of(List.of("update-initramfs", "-u", "-k", "6.1.0-17-amd64"),
                List.of("update-initramfs", "-u", "-k", "6.1.0-18-amd64")), m.calls());
        assertNotEquals(new String(old), new String(m.read("/boot/initrd.img-6.1.0-18-amd64")));
        JournalEntry entry = new Journal(m.host()).newest().orElseThrow();
        assertEquals("initramfs rebuild 6.1.0-17-amd64 6.1.0-18-amd64", entry.description());
        assertEquals(GeneratorMachine.BOOT_ID, entry.bootId());
        assertTrue(run.out().startsWith("rebuilt with initramfs-tools for kernel 6.1.0-17-amd64, 6.1.0-18-amd64: "
                + "/boot/initrd.img-6.1.0-17-amd64, /boot/initrd.img-6.1.0-18-amd64 (checked)\n"), run.out());
    }

    @Test
    void aFailedRebuildPutsTheOldImageBackAndShowsTheOutput() {
        GeneratorMachine m = GeneratorMachine.fedora().behave(Behaviour.FAILS);
        List<String> before = m.machineSnapshot();
        CliRun run = run(m, "initramfs", "rebuild");
        assertEquals(5, run.exitCode(), run.err());
        assertEquals(before, m.machineSnapshot());
        assertTrue(run.err().startsWith("==> Building image\n==> ERROR: module not found: 'bogus'\n"
                + "disktune: dracut -f /boot/initramfs-6.5.6-300.fc39.x86_64.img 6.5.6-300.fc39.x86_64 exited 1; restored "
                + "/boot/initramfs-6.5.6-300.fc39.x86_64.img"), run.err());
    }

    @Test
    void aRebuildThatDropsDisktunesFileIsRolledBack() {
        GeneratorMachine m = GeneratorMachine.arch();
        assertEquals(3, run(m, "modprobe", "set", "sata_nv", "adma=1").exitCode());
        byte[] image = m.read("/boot/initramfs-linux.img");
        m.behave(Behaviour.FORGETS_THE_FILE);
        CliRun run = run(m, "initramfs", "rebuild", "--kernel", "6.6.1-arch1-1");
        assertEquals(5, run.exitCode(), run.err());
        assertArrayEquals(image, m.read("/boot/initramfs-linux.img"));
        assertTrue(run.err().contains("/etc/modprobe.d/disktune.conf is missing from /boot/initramfs-linux.img"), run.err());
    }

    @Test
    void dryRunShowsCommandsAndChecks() {
        GeneratorMachine m = GeneratorMachine.arch();
        List<String> before = m.snapshot();
        CliRun run = run(m, "initramfs", "rebuild", "--dry-run");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("""
                # rebuild the initramfs of 6.6.1-arch1-1 with mkinitcpio
                $ mkinitcpio -p linux
                  rewrites /boot/initramfs-linux.img
                  rewrites /boot/initramfs-linux-fallback.img
                # check: /boot/initramfs-linux.img and /boot/initramfs-linux-fallback.img do not hold /etc/modprobe.d/disktune.conf
                dry run: nothing was changed
                """, run.out());
        assertEquals(before, m.snapshot());
        assertFalse(m.calls().iterator().hasNext());
    }

    @Test
    void sampleDryRunNamesThePresetAndItsImages() {
        CliRun run = CliRun.run("--sample", "seed-nforce4-arch", "initramfs", "rebuild", "--dry-run");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("$ mkinitcpio -p kernel26\n  rewrites /boot/kernel26.img\n  rewrites /boot/kernel26-fallback.img\n"),
                run.out());
    }
}
