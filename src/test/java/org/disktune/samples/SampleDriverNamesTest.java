package org.disktune.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.disktune.cli.CliRunAccess;
import org.disktune.host.MachineEntry;
import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.Test;

/**
 * Samples carry the PCI driver names their kernels registered (struct pci_driver .name, the directory
 * under /sys/bus/pci/drivers/), not chipset names from dmesg: pdc202xx_old registers "Promise_Old_IDE"
 * (drivers/ide/pci/pdc202xx_old.c since 2.6.9, so in 2.6.18) while it prints "PDC20265: IDE controller
 * at PCI slot ..."; libata drivers register their module name (DRV_NAME); virtio's PCI transport
 * "virtio-pci" (drivers/virtio/virtio_pci_common.c).
 */
class SampleDriverNamesTest {
    /** Every PCI driver name the samples use, with the kernel source that registers it. */
    private static final Map<String, String> REGISTERED = Map.of(
            "Promise_Old_IDE", "drivers/ide/pci/pdc202xx_old.c",
            "ahci", "drivers/ata/ahci.c",
            "ata_piix", "drivers/ata/ata_piix.c",
            "ata_generic", "drivers/ata/ata_generic.c",
            "pata_amd", "drivers/ata/pata_amd.c",
            "sata_nv", "drivers/ata/sata_nv.c",
            "sata_sil", "drivers/ata/sata_sil.c",
            "nvme", "drivers/nvme/host/pci.c",
            "virtio-pci", "drivers/virtio/virtio_pci_common.c",
            "shpchp", "drivers/pci/hotplug/shpchp_core.c");

    @Test
    void everySampleNamesItsPciDriversAsTheKernelRegisteredThem() {
        SampleMachines samples = new SampleMachines();
        for (SampleMachines.Sample sample : samples.list()) {
            Set<String> drivers = new TreeSet<>();
            for (MachineEntry e : samples.entries(sample.name())) {
                String p = e.path();
                if (p.startsWith("/sys/bus/pci/drivers/")) {
                    drivers.add(p.substring("/sys/bus/pci/drivers/".length()).split("/")[0]);
                }
            }
            System.out.println("SampleDriverNamesTest: " + sample.name() + " " + drivers);
            for (String driver : drivers) {
                assertTrue(REGISTERED.containsKey(driver), sample.name() + " names PCI driver " + driver
                        + ", which no kernel registers; use the name of its struct pci_driver");
            }
        }
    }

    @Test
    void theCentos5PromiseControllerIsDrivenByPromiseOldIde() {
        String detect = CliRunAccess.out("--sample", "seed-centos5-ide", "detect");
        assertTrue(detect.contains("Promise_Old_IDE"), detect);
        assertEquals(-1, detect.indexOf("PDC20265 "), "the chipset name is not a driver name: " + detect);
    }
}
