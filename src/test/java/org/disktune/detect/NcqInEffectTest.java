package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * detect's NCQ column says what the kernel does, matching the kernel log of each sample: the nForce4 report with
 * ADMA off (NCQ depth 0/32), the AHCI guest booted with libata.force=noncq (NCQ not used), the AHCI guest as it boots
 * (depth 32), the 2007 RAID5 report (depth 31/32), PIIX (the drive offers no NCQ), and transfer modes by the
 * kernel log's names.
 */
class NcqInEffectTest {
    private static Disk disk(String sample, String name) {
        Path root = new SampleMachines().materialize(sample);
        Host host = new RootedHost(root, new RefusingCommandRunner("test"), new org.disktune.host.FileKernelLog(RootedHost.inRoot(root, "/var/log/dmesg")), java.time.Clock.systemUTC(), true);
        return new MachineDetector(host).detect().disks().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "seed-nforce4-arch  | sda | off: the controller driver does not queue (depth 0/32)",
            "qemu-ahci-noncq    | sdb | off: libata.force=noncq",
            "qemu-ahci          | sdb | on, depth 32",
            "seed-raid5-raptors | sda | on, depth 31",
            "qemu-piix          | sda | no",
    })
    void theColumnSaysWhatTheKernelDoes(String sample, String name, String shown) {
        assertEquals(shown, disk(sample, name).ncq().text());
    }

    @Test
    void theDriveStillSaysItCanQueueWhenTheKernelDoesNot() {
        Disk noncq = disk("qemu-ahci-noncq", "sdb");
        assertEquals(NcqInEffect.State.OFF, noncq.ncq().state());
        assertEquals(Boolean.TRUE, noncq.ncqSupported());
    }

    @Test
    void nonAtaDisksHaveNoNcqColumn() {
        assertEquals(NcqInEffect.State.NOT_ATA, disk("qemu-virtio-nvme", "vda").ncq().state());
        assertEquals(NcqInEffect.State.NOT_ATA, disk("qemu-virtio-nvme", "nvme0n1").ncq().state());
    }

    @Test
    void aQueueDepthOfOneSetAtRuntimeTurnsItOff() {
        NcqInEffect off = NcqInEffect.of(true, true, 1, java.util.Optional.empty());
        assertEquals("off: queue_depth is 1", off.text());
        assertEquals("on, depth 16", NcqInEffect.of(true, true, 16, java.util.Optional.empty()).text());
        assertEquals("no", NcqInEffect.of(true, false, 1, java.util.Optional.empty()).text());
        assertEquals(null, NcqInEffect.of(true, null, null, java.util.Optional.empty()).text());
    }

    @ParameterizedTest
    @CsvSource({"XFER_UDMA_5,UDMA/100", "XFER_UDMA_6,UDMA/133", "XFER_UDMA_7,UDMA7", "XFER_UDMA_0,UDMA/16", "XFER_MW_DMA_2,MWDMA2",
            "XFER_PIO_4,PIO4", "XFER_SW_DMA_1,SWDMA1", "XFER_PIO_SLOW,PIO0", "garbage,garbage"})
    void transferModesUseTheKernelLogsNames(String sysfs, String kernel) {
        assertEquals(kernel, TransferModes.kernelName(sysfs));
    }
}
