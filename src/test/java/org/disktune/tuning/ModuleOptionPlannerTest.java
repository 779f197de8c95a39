package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.apply.Change;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.RunProgram;
import org.disktune.apply.Verify;
import org.disktune.apply.WriteFile;
import org.disktune.host.Host;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;
import org.disktune.initramfs.rebuild.InitramfsPostconditionChecker;

class ModuleOptionPlannerTest {
    static final String OLD_CONF = "# FILES\n#    FILES=\"/etc/modprobe.conf\"\nFILES=\"\"\n\nHOOKS=\"base udev autodetect pata scsi sata filesystems\"\n";

    /** An Arch of 2009: mkinitcpio 0.5.23, the old FILES="" string, no drop-ins. */
    static GeneratorMachine oldArch() {
        return GeneratorMachine.arch().file("/usr/bin/mkinitcpio", "#!/bin/bash\ndeclare -r version=0.5.23\n")
                .file("/etc/mkinitcpio.conf", OLD_CONF);
    }

    @Test
    void oldMkinitcpioGetsTheOneTokenFilesEditAndUnsetRestoresTheExactBytes() {
        GeneratorMachine m = oldArch();
        Host host = m.host();
        ModuleOptionPlanner planner = new ModuleOptionPlanner(host, DriverCatalog.load());
        ModuleOptionPlan set = planner.set("sata_nv", "adma", "1", null);
        List<Change> changes = set.plan().changes();
        assertEquals(List.of(WriteFile.class, WriteFile.class, WriteFile.class, RunProgram.class, Verify.class),
                changes.stream().map(Object::getClass).toList());
        assertEquals("/etc/disktune/disktune.conf", ((WriteFile) changes.get(0)).path(), "the desired state first");
        WriteFile conf = (WriteFile) changes.get(2);
        assertEquals("/etc/mkinitcpio.conf", conf.path());
        assertEquals(OLD_CONF.replace("FILES=\"\"", "FILES=\"/etc/modprobe.d/disktune.conf\""),
                new String(conf.newBytes(), StandardCharsets.ISO_8859_1));
        assertTrue(conf.reason().contains("mkinitcpio 0 predates drop-ins"), conf.reason());
        assertEquals(List.of("/boot/initramfs-linux.img", "/boot/initramfs-linux-fallback.img"),
                ((RunProgram) changes.get(3)).producesFiles());
        new PlanExecutor(new InitramfsPostconditionChecker()).apply(host, set.plan(), "set");

        ModuleOptionPlan unset = planner.unset("sata_nv", "adma", null);
        List<Change> undo = unset.plan().changes();
        assertEquals(List.of(DeleteFile.class, DeleteFile.class, WriteFile.class, RunProgram.class, Verify.class),
                undo.stream().map(Object::getClass).toList());
        new PlanExecutor(new InitramfsPostconditionChecker()).apply(host, unset.plan(), "unset");
        assertArrayEquals(OLD_CONF.getBytes(StandardCharsets.ISO_8859_1), m.read("/etc/mkinitcpio.conf"));
        assertEquals(List.of(), planner.unset("sata_nv", "adma", null).plan().changes(), "after apply, the plan is empty");
    }

    @Test
    void aModuleSectionOfAMisspeltModuleIsAConfigurationErrorNamingItsLine() {
        GeneratorMachine m = GeneratorMachine.arch()
                .file("/usr/lib/modules/6.6.1-arch1-1/modules.dep", "kernel/drivers/ata/sata_nv.ko.zst: kernel/drivers/ata/libata.ko.zst\n")
                .file("/etc/disktune/disktune.conf", "# mine\n[module sata_nvv]\nadma = 1\n");
        List<String> before = m.snapshot();
        DesiredStateService service = new DesiredStateService(m.host(), DriverCatalog.load(), DesiredStateService.ConfigLocation.hostDefault());
        org.disktune.core.DisktuneException e = org.junit.jupiter.api.Assertions.assertThrows(org.disktune.core.DisktuneException.class,
                service::plan);
        String expected = "/etc/disktune/disktune.conf:2: [module sata_nvv]: no module sata_nvv in modules.dep or modules.builtin of kernel "
                + "6.6.1-arch1-1, and none is loaded; did you mean sata_nv?";
        assertEquals(org.disktune.core.ExitCode.USAGE, e.exitCode());
        assertEquals(expected, e.getMessage());
        assertEquals(List.of(expected), service.check().errors().stream().map(Object::toString).toList());
        assertEquals(before, m.snapshot(), "nothing changed");
    }

    @Test
    void afterASetThePlanIsEmpty() {
        GeneratorMachine m = GeneratorMachine.fedora();
        Host host = m.host();
        ModuleOptionPlanner planner = new ModuleOptionPlanner(host, DriverCatalog.load());
        new PlanExecutor(new InitramfsPostconditionChecker()).apply(host, planner.set("libata", "force", "1.00:noncq", null).plan(), "set");
        ModuleOptionPlan again = planner.set("libata", "force", "1.00:noncq", null);
        assertTrue(again.plan().isEmpty(), again.plan().toString());
        assertEquals(List.of("/boot/initramfs-6.5.6-300.fc39.x86_64.img"), again.target().images());
    }

    @Test
    void aConflictingFileThatWinsIsNamedInTheNotes() {
        GeneratorMachine m = GeneratorMachine.debian().file("/etc/modprobe.d/sata_nv.conf", "options sata_nv adma=0\n");
        ModuleOptionPlan set = new ModuleOptionPlanner(m.host(), DriverCatalog.load()).set("sata_nv", "adma", "1", null);
        assertEquals(List.of("/etc/modprobe.d/sata_nv.conf:1 sets sata_nv adma=0 after disktune's 1, so it wins; remove it there"),
                set.notes());
    }
}
