package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.config.ConfigParser;
import org.disktune.config.ParsedConfig;
import org.disktune.detect.MachineReport;
import org.disktune.tuning.PersistencePlanner;
import org.junit.jupiter.api.Test;

/**
 * match.transport's DEVPATH keys on the samples' kernels: the raptors' 2.6.21 names a disk /block/sda (its
 * /sys/block/sda is a directory), RHEL 6's 2.6.32 and Arch's 2.6.28 show the parents but no ataN, the QEMU guest's 6.1
 * shows ata1.
 */
class BlockDevpathTest {
    @Test
    void theRaptorsKernelShowsNoParentsInADevpathSoTheAtaSectionIsLeftOut() {
        MachineReport machine = UdevRulesGoldenTest.detect("seed-raid5-raptors");
        assertEquals("/sys/block/sda", machine.disks().stream().filter(d -> d.name().equals("sda")).findFirst().orElseThrow().sysfsPath());
        UdevTarget target = PersistencePlanner.ruleTarget(machine);
        assertEquals(BlockDevpath.NAME_ONLY, target.devpath());

        GeneratedRules rules = generate("[disk raptors]\nmatch.model = WDC WD740ADFD*\nmatch.transport = ata\nread_ahead_kb = 1024\n\n"
                + "[disk ahci]\nmatch.driver = ahci\nnr_requests = 512\n", target);
        assertEquals(List.of(), rules.errors());
        assertEquals(1, rules.unwritten().size(), rules.unwritten().toString());
        GeneratedRules.Unwritten left = rules.unwritten().get(0);
        assertEquals("[disk raptors]", left.section());
        assertEquals(1, left.line());
        assertTrue(left.reason().startsWith("this kernel's DEVPATH of a disk is /block/NAME"), left.reason());
        String text = rules.text().orElseThrow();
        assertFalse(text.contains("DEVPATH"), text);
        assertTrue(text.contains("DRIVERS==\"ahci\""), "match.driver walks the parents through the device link: " + text);
    }

    @Test
    void kernelsBefore2637ShowNoAtaPortSoAtaAndScsiAreLeftOutAndUsbIsWritten() {
        for (String sample : List.of("seed-rhel6-ext4", "seed-nforce4-arch")) {
            UdevTarget target = PersistencePlanner.ruleTarget(UdevRulesGoldenTest.detect(sample));
            assertEquals(BlockDevpath.PARENTS, target.devpath(), sample);
            for (String transport : List.of("ata", "scsi")) {
                GeneratedRules rules = generate("[disk a]\nmatch.transport = " + transport + "\nread_ahead_kb = 1024\n", target);
                assertEquals(1, rules.unwritten().size(), sample + " " + transport);
                assertTrue(rules.unwritten().get(0).reason().startsWith("this kernel puts no ATA port (ataN) in a disk's DEVPATH"),
                        rules.unwritten().get(0).reason());
            }
            GeneratedRules usb = generate("[disk a]\nmatch.transport = usb\nread_ahead_kb = 1024\n", target);
            assertEquals(List.of(), usb.unwritten(), sample);
            assertTrue(usb.text().orElseThrow().contains("DEVPATH==\"*/usb*\""));
        }
    }

    @Test
    void aCurrentKernelShowsTheAtaPort() {
        UdevTarget target = PersistencePlanner.ruleTarget(UdevRulesGoldenTest.detect("qemu-ahci"));
        assertEquals(BlockDevpath.ATA_PORTS, target.devpath());
        GeneratedRules rules = generate("[disk a]\nmatch.transport = ata\nread_ahead_kb = 1024\n", target);
        assertEquals(List.of(), rules.unwritten());
        assertTrue(rules.text().orElseThrow().contains("DEVPATH==\"*/ata[0-9]*\""));
    }

    private static GeneratedRules generate(String config, UdevTarget target) {
        ParsedConfig parsed = new ConfigParser().parse(config.getBytes(StandardCharsets.UTF_8), "c.conf");
        assertEquals(List.of(), parsed.errors());
        return new UdevRulesGenerator().generate(parsed.state(), v -> v.value(), UdevMatches.MdMembers.NONE, target);
    }
}
