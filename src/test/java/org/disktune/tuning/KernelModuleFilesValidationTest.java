package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;

/**
 * A [module NAME] parameter is checked by name and type against the installed kernel's own module files (real Debian
 * 6.1 modules from src/test/resources/modules, installed here as the machine's kernel 6.1.0-18-amd64): modules the
 * shipped driver table does not know are no longer taken on trust.
 */
class KernelModuleFilesValidationTest {
    private static final String KERNEL = "/lib/modules/6.1.0-18-amd64";

    private static GeneratorMachine debianWithModules(String config) {
        GeneratorMachine m = GeneratorMachine.debian();
        for (String file : List.of("sata_sil.ko", "sata_nv.ko.xz", "pata_legacy.ko.zst", "ata_generic.ko.gz")) {
            m.bytes(KERNEL + "/kernel/drivers/ata/" + file, resource("6.1.0-57-amd64/" + file));
        }
        m.file(KERNEL + "/modules.dep", """
                kernel/drivers/ata/sata_sil.ko: kernel/drivers/ata/libata.ko
                kernel/drivers/ata/sata_nv.ko.xz: kernel/drivers/ata/libata.ko
                kernel/drivers/ata/pata_legacy.ko.zst: kernel/drivers/ata/libata.ko
                kernel/drivers/ata/ata_generic.ko.gz: kernel/drivers/ata/libata.ko
                """);
        return m.file("/etc/disktune/disktune.conf", config);
    }

    @Test
    void aParameterTheKernelsModuleDoesNotDeclareIsAnErrorListingTheKnownOnes() {
        GeneratorMachine m = debianWithModules("# mine\n[module pata_legacy]\nprobe_al = 1\n");
        List<String> before = m.snapshot();
        DesiredStateService service = new DesiredStateService(m.host(), DriverCatalog.load(), DesiredStateService.ConfigLocation.hostDefault());
        DisktuneException e = assertThrows(DisktuneException.class, service::plan);
        String expected = "/etc/disktune/disktune.conf:3: [module pata_legacy] probe_al: module pata_legacy of kernel 6.1.0-18-amd64 has no"
                + " parameter 'probe_al' (the kernel would ignore it); its parameters (kernel/drivers/ata/pata_legacy.ko.zst): winbond, qdi,"
                + " opti82c46x, opti82c611a, ht6560b, ht6560a, iordy_mask, pio_mask, autospeed, probe_mask, probe_all, all";
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(expected, e.getMessage());
        assertEquals(List.of(expected), service.check().errors().stream().map(Object::toString).toList());
        assertEquals(before, m.snapshot(), "nothing changed");
        // verify (and apply --boot) read what is configured with the driver table alone: a kernel update that drops a
        // parameter is for plan to refuse, not a reason to stop evaluating every other setting
        assertEquals(true, service.evaluate().orElseThrow().modules().toString().contains("probe_al"), "evaluated, not refused");
    }

    @Test
    void aValueThatDoesNotFitTheDeclaredTypeIsAnError() {
        GeneratorMachine m = debianWithModules("[module ata_generic]\nall_generic_ide = yes\n");
        DesiredStateService service = new DesiredStateService(m.host(), DriverCatalog.load(), DesiredStateService.ConfigLocation.hostDefault());
        assertEquals(List.of("/etc/disktune/disktune.conf:2: [module ata_generic] all_generic_ide: ata_generic.all_generic_ide has type int"
                        + " in the kernel's module file: use a whole number in -2147483648..2147483647, not 'yes'"),
                service.check().errors().stream().map(Object::toString).toList());
        m.file("/etc/disktune/disktune.conf", "[module ata_generic]\nall_generic_ide = 2147483648\n");
        assertEquals(List.of("/etc/disktune/disktune.conf:2: [module ata_generic] all_generic_ide: ata_generic.all_generic_ide has type int"
                        + " in the kernel's module file: use a whole number in -2147483648..2147483647, not '2147483648'"),
                service.check().errors().stream().map(Object::toString).toList());
    }

    @Test
    void declaredParametersOfModulesTheTableDoesNotKnowAreSetAndBoolsAreWrittenAsTheTableDoes() {
        GeneratorMachine m = debianWithModules("[module pata_legacy]\nprobe_all = 0x1\n[module sata_nv]\nadma = Y\n");
        DesiredStateService service = new DesiredStateService(m.host(), DriverCatalog.load(), DesiredStateService.ConfigLocation.hostDefault());
        assertEquals(List.of(), service.check().errors());
        ModuleOptionPlanner planner = new ModuleOptionPlanner(m.host(), DriverCatalog.load());
        assertEquals("options pata_legacy probe_all=0x1", line(planner.set("pata_legacy", "probe_all", "0x1", null), "pata_legacy"));
        assertEquals("options sata_nv adma=1", line(planner.set("sata_nv", "adma", "Y", null), "sata_nv"));
        DisktuneException e = assertThrows(DisktuneException.class, () -> planner.set("sata_sil", "slowdown", "1", null));
        assertEquals("module sata_sil of kernel 6.1.0-18-amd64 has no parameter 'slowdown' (the kernel would ignore it);"
                + " its parameters (kernel/drivers/ata/sata_sil.ko): slow_down", e.getMessage());
    }

    private static String line(ModuleOptionPlan plan, String module) {
        return plan.plan().changes().stream().filter(c -> c instanceof org.disktune.apply.WriteFile)
                .map(c -> new String(((org.disktune.apply.WriteFile) c).newBytes(), java.nio.charset.StandardCharsets.UTF_8))
                .flatMap(String::lines).filter(l -> l.startsWith("options " + module)).findFirst().orElseThrow();
    }

    /**
     * The driver table lists one parameter of nvme_core (the one it has advice for); Debian's cloud kernel builds
     * nvme_core in and declares ten. A parameter the kernel declares but the table does not list is the kernel's to
     * judge, not refused while the configuration is read (the WholeCycleIT guest was refused libata.fua that way).
     */
    @Test
    void aParameterTheTableDoesNotListIsJudgedByTheKernelsOwnDeclaration() {
        GeneratorMachine m = GeneratorMachine.debian();
        m.bytes("/lib/modules/6.1.0-57-cloud-amd64/modules.builtin", resource("6.1.0-57-cloud-amd64/modules.builtin"));
        m.bytes("/lib/modules/6.1.0-57-cloud-amd64/modules.builtin.modinfo", resource("6.1.0-57-cloud-amd64/modules.builtin.modinfo"));
        m.file("/etc/disktune/disktune.conf", "[module nvme_core]\nio_timeout = 60\n");
        DesiredStateService service = new DesiredStateService(m.host(), DriverCatalog.load(), DesiredStateService.ConfigLocation.hostDefault());
        assertEquals(List.of(), service.check().errors(), "declared by the kernel: accepted");

        m.file("/etc/disktune/disktune.conf", "[module nvme_core]\nio_timeot = 60\n");
        List<String> errors = service.check().errors().stream().map(Object::toString).toList();
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(true, errors.get(0).startsWith("/etc/disktune/disktune.conf:2: [module nvme_core] io_timeot: module nvme_core of kernel "
                + "6.1.0-57-cloud-amd64 has no parameter 'io_timeot' (the kernel would ignore it); its parameters"), errors.get(0));
        assertEquals(true, errors.get(0).contains("io_timeout"), "the kernel's own names are listed: " + errors.get(0));

        m.file("/etc/disktune/disktune.conf", "[module nvme_core]\ndefault_ps_max_latency_us = fast\n");
        assertEquals(1, service.check().errors().size(), "the table's type still applies to what it lists");
    }

    private static byte[] resource(String name) {
        try (InputStream in = KernelModuleFilesValidationTest.class.getResourceAsStream("/modules/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource /modules/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
