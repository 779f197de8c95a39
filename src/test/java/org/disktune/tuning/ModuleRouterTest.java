package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.disktune.boot.KernelParameter;
import org.disktune.config.ModuleParameter;
import org.disktune.config.ModuleSection;
import org.disktune.host.Host;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.OptionValidator;
import org.disktune.modprobe.TestHosts;
import org.junit.jupiter.api.Test;

/** Routing on Debian 12's kernels: nvme_core is built into the cloud kernel (its real modules.builtin) and loadable in the full one. */
class ModuleRouterTest {
    private static Host debian() throws IOException {
        Host host = TestHosts.jimfs();
        try (InputStream in = ModuleRouterTest.class.getResourceAsStream("/modules/6.1.0-57-cloud-amd64/modules.builtin")) {
            TestHosts.write(host, "/lib/modules/6.1.0-57-cloud-amd64/modules.builtin", in.readAllBytes());
        }
        TestHosts.write(host, "/lib/modules/6.1.0-57-cloud-amd64/modules.dep", "kernel/drivers/ata/sata_nv.ko: \n");
        TestHosts.write(host, "/lib/modules/6.1.0-57-amd64/modules.dep", "kernel/drivers/nvme/host/nvme-core.ko.xz: \n"
                + "kernel/drivers/ata/sata_nv.ko.xz: \n");
        TestHosts.write(host, "/lib/modules/6.1.0-57-amd64/modules.builtin", "kernel/drivers/ata/libata.ko\n");
        return host;
    }

    private static ModuleRouter.Routed route(ModuleSection... sections) throws IOException {
        return new ModuleRouter(KernelModules.read(debian()), new OptionValidator(DriverCatalog.load())).route(List.of(sections));
    }

    @Test
    void aModuleBuiltIntoOneKernelGoesToTheCommandLineAndSaysWhichKernelDecides() throws IOException {
        ModuleRouter.Routed r = route(new ModuleSection("nvme_core", 1, List.of(new ModuleParameter("default_ps_max_latency_us", "0", 2))));
        assertEquals(List.of(new KernelParameter("nvme_core", "default_ps_max_latency_us", "0")), r.commandLine());
        assertEquals(true, r.modprobe().isEmpty());
        assertEquals("nvme_core.default_ps_max_latency_us=0 -> kernel command line: nvme_core is built into 6.1.0-57-cloud-amd64 "
                + "(modules.builtin), where modprobe.d is never read; 6.1.0-57-cloud-amd64 decides: the command line also reaches "
                + "nvme_core as a loadable module of 6.1.0-57-amd64", r.routes().get(0).describe());
    }

    @Test
    void aLoadableModuleGoesToModprobeUnlessTheSectionSaysCmdline() throws IOException {
        ModuleRouter.Routed auto = route(new ModuleSection("sata_nv", 1, List.of(new ModuleParameter("adma", "1", 2))));
        assertEquals(List.of(), auto.commandLine());
        assertEquals(ModuleRoute.Destination.MODPROBE_D, auto.routes().get(0).destination());
        ModuleRouter.Routed cmdline = route(new ModuleSection("sata_nv", 1, List.of(new ModuleParameter("adma", "1", 2)),
                ModuleSection.Via.CMDLINE));
        assertEquals(List.of(new KernelParameter("sata_nv", "adma", "1")), cmdline.commandLine());
        assertEquals("via = cmdline in [module sata_nv]", cmdline.routes().get(0).reason());
    }
}
