package org.disktune.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.junit.jupiter.api.Test;

class TargetResolverTest {
    static Host sample(String name) {
        Path root = new SampleMachines().materialize(name);
        return new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                Clock.systemUTC(), true);
    }

    @Test
    void aDiskByKernelNameDevPathOrByIdLinkIsThatDiskWithItsStableName() throws IOException {
        Host host = sample("seed-raid5-raptors");
        MachineReport machine = new MachineDetector(host).detect();
        TargetResolver resolver = new TargetResolver(host);
        BenchTarget byName = resolver.resolve("sdb", machine, false);
        assertEquals(new BenchTarget(BenchTarget.Kind.DEVICE, "sdb", "sdb", "/dev/sdb", "ata-WDC_WD740ADFD-00NLR1_WD-WMANS1000002"), byName);
        assertEquals("sdb", resolver.resolve("/dev/sdb", machine, false).device());
        assertEquals("sdb", resolver.resolve("/dev/disk/by-id/ata-WDC_WD740ADFD-00NLR1_WD-WMANS1000002", machine, false).device());
    }

    @Test
    void aMountedDiskNeedsForceReadAndBadTargetsAreOneLineUsageErrors() {
        Host host = sample("seed-nforce4-arch");
        MachineReport machine = new MachineDetector(host).detect();
        TargetResolver resolver = new TargetResolver(host);
        String mounted = "sda";
        DisktuneException e = assertThrows(DisktuneException.class, () -> resolver.resolve(mounted, machine, false));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().startsWith("sda is in use (mounted at /, /boot, /home); "), e.getMessage());
        assertTrue(e.getMessage().endsWith("add --force-read to measure it anyway"), e.getMessage());
        assertEquals(mounted, resolver.resolve(mounted, machine, true).device());

        DisktuneException missing = assertThrows(DisktuneException.class, () -> resolver.resolve("/dev/sdz", machine, false));
        assertEquals("no block device or directory /dev/sdz; give a disk (/dev/sdb, sdb, /dev/disk/by-id/...) or an existing directory",
                missing.getMessage());
        DisktuneException partition = assertThrows(DisktuneException.class, () -> resolver.resolve(mounted + "1", machine, true));
        assertEquals("sda1 is a partition of sda; give the whole disk (/dev/sda), or a directory on its file system", partition.getMessage());
        assertEquals(ExitCode.USAGE, assertThrows(DisktuneException.class, () -> resolver.resolve("/etc/fstab", machine, false)).exitCode());
    }

    @Test
    void aDirectoryIsTheFileSystemUnderTestOnTheDiskItLivesOn() throws IOException {
        Host host = sample("seed-nforce4-arch");
        MachineReport machine = new MachineDetector(host).detect();
        Files.createDirectories(host.path("/srv/bench"));
        Files.createDirectories(host.path("/home/me"));
        TargetResolver resolver = new TargetResolver(host);
        assertEquals(new BenchTarget(BenchTarget.Kind.DIRECTORY, "/srv/bench", "sda", "/srv/bench", "ata-ST3750330AS_9QK0A1B2"),
                resolver.resolve("/srv/bench", machine, false));
        assertEquals("sda", resolver.resolve("/home/me", machine, false).device(), "/home is sda4: its disk");
    }
}
