package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.kernel.KernelBoot;
import org.disktune.kernel.KernelLogAnalyzer;
import org.disktune.kernel.KernelLogOptions;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On kernels without /sys/class/ata_* a disk reaches its kernel-log ATA device through its SCSI host
 * ({@code .../host1/target1:0:0/1:0:0:0}) paired with the ATA port libata registered with it: the N2100 report
 * (2.6.25, sata_sil, two identical drives the log's identity match cannot tell apart).
 */
class ScsiHostPairingTest {
    @TempDir
    Path dir;

    private static MachineReport detect(Path root) {
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        return new MachineDetector(host).detect();
    }

    private static Disk disk(MachineReport r, String name) {
        return r.disks().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    private static KernelBoot boot(Path log) {
        return new KernelLogAnalyzer().analyze(new FileKernelLog(log), KernelLogOptions.lastBoot()).lastBoot();
    }

    private Path n2100LogWith(String from, String to) throws IOException {
        Path root = new SampleMachines().materialize("seed-arm-n2100-sil");
        String log = Files.readString(root.resolve("var/log/dmesg"), StandardCharsets.UTF_8);
        assertTrue(log.contains(from), from);
        Path edited = dir.resolve("dmesg");
        Files.writeString(edited, log.replace(from, to), StandardCharsets.UTF_8);
        return edited;
    }

    @Test
    void theN2100DisksShowTheNcqStateOfTheirPortsProbeLine() {
        MachineReport r = detect(new SampleMachines().materialize("seed-arm-n2100-sil"));
        assertEquals("ata1.00", disk(r, "sda").ataDevice(), "sda is at 0:0:0:0 (scsi0, registered with ata1)");
        assertEquals("ata2.00", disk(r, "sdb").ataDevice(), "sdb is at 1:0:0:0 (scsi1, registered with ata2)");
        for (String name : List.of("sda", "sdb")) {
            assertEquals("off: the controller driver does not queue (depth 0/32)", disk(r, name).ncq().text(), name);
            assertEquals(Boolean.TRUE, disk(r, name).ncqSupported(), name);
        }
    }

    @Test
    void theLogPairsEachLibataScsiHostWithThePortOfTheSameRank() throws IOException {
        Path log = n2100LogWith("", "");
        assertEquals(Map.of(0, "ata1", 1, "ata2"), org.disktune.kernel.KernelLogDeviceMapper.portsByScsiHost(boot(log)));
    }

    @Test
    void aLogThatContradictsThePairingGivesNone() throws IOException {
        // the disk at scsi1 is not the drive ata2.00 probed: the pairing is not proven
        Path log = n2100LogWith("[   18.170000] scsi 1:0:0:0: Direct-Access     ATA      ST3250620AS      3.AA",
                "[   18.170000] scsi 1:0:0:0: Direct-Access     ATA      ST3500630AS      3.AA");
        assertEquals(Map.of(), org.disktune.kernel.KernelLogDeviceMapper.portsByScsiHost(boot(log)));
    }

    @Test
    void aMissingHostLineGivesNone() throws IOException {
        Path log = n2100LogWith("[   16.770000] scsi1 : sata_sil\n", "");
        assertEquals(Map.of(), org.disktune.kernel.KernelLogDeviceMapper.portsByScsiHost(boot(log)));
    }

    @Test
    void aLogWithoutItsProbeStartGivesNone() throws IOException {
        Path noStart = n2100LogWith("[    0.000000] Linux version 2.6.25-2-iop32x", "[    0.000000] Linux versionless 2.6.25-2-iop32x");
        assertEquals(Map.of(0, "ata1", 1, "ata2"), org.disktune.kernel.KernelLogDeviceMapper.portsByScsiHost(boot(noStart)), "scsi0 and ata1 are there");
        Path later = dir.resolve("later");
        Files.writeString(later, Files.readString(noStart).replace("scsi0 : sata_sil", "scsi4 : sata_sil")
                .replace("scsi1 : sata_sil", "scsi5 : sata_sil").replace("scsi 0:0:0:0", "scsi 4:0:0:0").replace("sd 0:0:0:0", "sd 4:0:0:0")
                .replace("scsi 1:0:0:0", "scsi 5:0:0:0").replace("sd 1:0:0:0", "sd 5:0:0:0"));
        assertEquals(Map.of(), org.disktune.kernel.KernelLogDeviceMapper.portsByScsiHost(boot(later)), "scsi0-3 may be lost before the log's first line");
    }

    @Test
    void anAtaDiskTheLogCannotMapSaysUnknownNotNothing() throws IOException {
        Path root = new SampleMachines().materialize("seed-arm-n2100-sil");
        Path log = root.resolve("var/log/dmesg");
        Files.writeString(log, Files.readString(log).replace("[   16.770000] scsi1 : sata_sil\n", ""));
        MachineReport r = detect(root);
        assertEquals(null, disk(r, "sda").ataDevice());
        assertEquals("unknown (no ata sysfs)", disk(r, "sda").ncq().text());
        assertEquals(NcqInEffect.State.UNKNOWN, disk(r, "sda").ncq().state());
    }

    /** Where the log's identity match names a disk too, both ways agree. */
    @ParameterizedTest
    @ValueSource(strings = {"seed-nforce4-arch", "seed-raid5-raptors", "seed-rhel6-ext4", "seed-arm-n2100-sil"})
    void thePairingAgreesWithTheIdentityMatch(String sample) {
        Path root = new SampleMachines().materialize(sample);
        KernelBoot boot = boot(root.resolve("var/log/dmesg"));
        Map<Integer, String> pairs = org.disktune.kernel.KernelLogDeviceMapper.portsByScsiHost(boot);
        assertFalse(pairs.isEmpty(), sample + ": the log pairs its hosts and ports");
        int compared = 0;
        for (var m : new org.disktune.kernel.KernelLogDeviceMapper().map(boot)) {
            String[] address = m.scsiAddress().split(":");
            assertEquals(m.ataDevice(), String.format("%s.%02d", pairs.get(Integer.parseInt(address[0])), Integer.parseInt(address[2])),
                    sample + ": " + m);
            compared++;
        }
        System.out.println("ScsiHostPairingTest: " + sample + ": " + compared + " identity match(es) agree with " + pairs);
    }
}
