package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.apply.Change;
import org.disktune.apply.WriteFile;
import org.disktune.config.ConfigParser;
import org.disktune.config.DesiredState;
import org.disktune.core.FileMode;
import org.disktune.detect.InitSystem;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.persist.RcLocalBlock;
import org.disktune.persist.UdevRulesGenerator;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29 items 3 and 4 on the seed samples: what the udev rules of a 2.6 kernel and of a machine without systemd can
 * really do. CentOS 5 (report 004) boots with sysvinit: no RUN of systemd-run, its hdparm settings in rc.local instead;
 * md arrays before 2.6.32 have no queue/read_ahead_kb: their readahead by blockdev --setra, never an ATTR.
 */
class OldSystemPersistenceTest {
    private static final Path CONFIGS = Path.of("src/test/resources/persist/udev");

    @Test
    void centos5HasNoSystemdSoItsHdparmSettingsGoToRcLocalAndNoRuleRunsSystemdRun() {
        Planned p = plan("seed-centos5-ide");
        assertEquals(InitSystem.Kind.SYSVINIT, p.machine.initSystem().kind());
        String rules = written(p, UdevRulesGenerator.PATH);
        assertFalse(rules.contains("systemd-run"), rules);
        assertFalse(rules.contains("RUN+=\"" + UdevRulesGenerator.LAUNCHER), rules);

        byte[] before = p.files.apply("/etc/rc.local");
        WriteFile rcLocal = write(p, "/etc/rc.local");
        assertEquals(new String(before, StandardCharsets.UTF_8) + RcLocalBlock.block("/etc/disktune/disktune.conf",
                List.of("hdparm -c3 -m16 -d1 /dev/hde", "hdparm -c3 -m16 -d1 /dev/hdf")), new String(rcLocal.newBytes(), StandardCharsets.UTF_8));
        assertTrue(p.steps.notes().stream().anyMatch(n -> n.contains("no systemd") && n.contains("/etc/rc.local")), p.steps.notes().toString());
        assertEquals(List.of("/etc/rc.local"), p.steps.carriers());
        assertEquals(List.of(), p.steps.uncertain());
    }

    @Test
    void anRcLocalThatIsNotExecutableIsMadeSoInTheWriteOfItsBlock() {
        Planned p = plan("seed-centos5-ide", path -> Optional.of(new FileMode(0644)));
        WriteFile rcLocal = write(p, "/etc/rc.local");
        assertEquals(new FileMode(0644), rcLocal.oldMode());
        assertEquals(new FileMode(0755), rcLocal.newMode());
        assertTrue(rcLocal.reason().contains("made executable"), rcLocal.reason());
        assertEquals(List.of("/etc/rc.local"), p.steps.carriers());

        Planned executable = plan("seed-centos5-ide", path -> Optional.of(new FileMode(0755)));
        assertEquals(null, write(executable, "/etc/rc.local").newMode(), "an executable rc.local keeps its mode");
    }

    @Test
    void anRcLocalWhoseModeCannotBeReadIsUncertainNotACarrier() {
        Planned p = plan("seed-centos5-ide", path -> Optional.empty());
        assertEquals(null, write(p, "/etc/rc.local").newMode());
        assertEquals(List.of(), p.steps.carriers());
        assertEquals(1, p.steps.uncertain().size(), p.steps.uncertain().toString());
        assertTrue(p.steps.uncertain().get(0).cause().contains("the mode of /etc/rc.local cannot be read"), p.steps.uncertain().toString());
    }

    @Test
    void mdReadaheadOnA26KernelIsABlockdevRunNeverAnAttrTheKernelLacks() {
        for (String sample : List.of("seed-centos5-ide", "seed-raid5-raptors", "seed-arm-n2100-sil")) {
            Planned p = plan(sample);
            assertFalse(MdArray.queueShown(p.machine.kernel()), sample);
            String rules = written(p, UdevRulesGenerator.PATH);
            for (String rule : rules.split("\n\n")) {
                if ((rule.contains("KERNEL==\"md") || rule.contains("ENV{MD_UUID}")) && rule.contains(": read_ahead_kb = ")) {
                    assertFalse(rule.contains("ATTR{queue/read_ahead_kb}"), sample + ": " + rule);
                    assertTrue(rule.contains("RUN+=\"/sbin/blockdev --setra "), sample + ": " + rule);
                }
            }
            assertTrue(p.steps.notes().stream().anyMatch(n -> n.contains("blockdev --setra")), sample);
        }
        assertTrue(written(plan("seed-centos5-ide"), UdevRulesGenerator.PATH).contains("RUN+=\"/sbin/blockdev --setra 4096 /dev/%k\""));
    }

    @Test
    void everySeedSampleShowsTheInitSystemItsDistributionHad() {
        for (String[] expected : List.of(new String[] {"seed-centos5-ide", "/etc/rc.local"}, new String[] {"seed-raid5-raptors", "/etc/inittab"},
                new String[] {"seed-arm-n2100-sil", "/etc/inittab"}, new String[] {"seed-nforce4-arch", "/etc/inittab"},
                new String[] {"seed-rhel6-ext4", "/etc/inittab"})) {
            Planned p = plan(expected[0]);
            assertEquals(new InitSystem(InitSystem.Kind.SYSVINIT, expected[1] + ", no systemd"), p.machine.initSystem(), expected[0]);
        }
        Planned raptors = plan("seed-raid5-raptors");
        // raptors' configuration has no hdparm setting: nothing for rc.local to carry, nothing depends on systemd-run
        assertEquals(List.of(), raptors.steps.carriers());
        assertEquals(List.of(), raptors.steps.uncertain());
        assertFalse(written(raptors, UdevRulesGenerator.PATH).contains("systemd-run"));
    }

    @Test
    void hdparmBySystemdRunWhereTheInitSystemIsNotKnownIsUncertainForVerify() {
        Planned p = plan("qemu-ahci"); // a sysfs capture: no systemd, inittab or rc.local in the tree
        assertEquals(InitSystem.Kind.UNKNOWN, p.machine.initSystem().kind());
        assertTrue(written(p, UdevRulesGenerator.PATH).contains(UdevRulesGenerator.RUN), "kept: it is right on a systemd machine");
        assertEquals(1, p.steps.uncertain().size(), p.steps.uncertain().toString());
        assertTrue(p.steps.uncertain().get(0).cause().contains("cannot be told"), p.steps.uncertain().toString());
        assertTrue(p.steps.notes().stream().anyMatch(n -> n.contains("init system of this machine is not known")), p.steps.notes().toString());
    }

    @Test
    void kernelsFrom2632OnShowMdQueue() {
        assertFalse(MdArray.queueShown("2.6.18-8.el5"));
        assertFalse(MdArray.queueShown("2.6.31.14"));
        assertTrue(MdArray.queueShown("2.6.32-358.el6.x86_64"));
        assertTrue(MdArray.queueShown("3.0.0"));
        assertTrue(MdArray.queueShown("6.1.0-57-amd64"));
        assertTrue(MdArray.queueShown(null));
    }

    @Test
    void initSystemFromTheTree(@TempDir Path root) throws IOException {
        assertEquals(InitSystem.Kind.UNKNOWN, InitSystem.detect(host(root)).kind());
        Files.createDirectories(root.resolve("etc"));
        Files.writeString(root.resolve("etc/inittab"), "id:3:initdefault:\n");
        assertEquals(new InitSystem(InitSystem.Kind.SYSVINIT, "/etc/inittab, no systemd"), InitSystem.detect(host(root)));
        Files.createDirectories(root.resolve("sbin"));
        Files.createSymbolicLink(root.resolve("sbin/init"), Path.of("/lib/systemd/systemd"));
        assertEquals(new InitSystem(InitSystem.Kind.SYSTEMD, "/sbin/init -> /lib/systemd/systemd"), InitSystem.detect(host(root)));
        Files.delete(root.resolve("sbin/init"));
        Files.createDirectories(root.resolve("usr/lib/systemd"));
        Files.writeString(root.resolve("usr/lib/systemd/systemd"), "");
        assertEquals(InitSystem.Kind.SYSTEMD, InitSystem.detect(host(root)).kind());
    }

    private record Planned(MachineReport machine, PersistencePlanner.Steps steps, Function<String, byte[]> files) {
    }

    private static Planned plan(String sample) {
        return plan(sample, null);
    }

    /** {@code modes}: the mode of each file (null: as the sample's tree has them). */
    private static Planned plan(String sample, Function<String, Optional<FileMode>> modes) {
        try {
            DesiredState state = new ConfigParser().parse(Files.readAllBytes(CONFIGS.resolve(sample + ".conf")), "/etc/disktune/disktune.conf")
                    .state();
            Path root = new SampleMachines().materialize(sample);
            MachineReport machine = new MachineDetector(host(root)).detect();
            TuningPlan tuning = new DesiredStatePlanner().plan(state, machine);
            assertEquals(List.of(), tuning.errors());
            Function<String, byte[]> files = path -> {
                Path p = root.resolve(path.substring(1));
                try {
                    return Files.exists(p) ? Files.readAllBytes(p) : null;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
            RootedHost host = host(root);
            PersistencePlanner.Steps steps = new PersistencePlanner(false).plan(state, tuning, machine, files, modes != null ? modes : host::mode);
            assertEquals(List.of(), steps.errors());
            return new Planned(machine, steps, files);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static RootedHost host(Path root) {
        return new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")), TestMachine.CLOCK, false);
    }

    private static WriteFile write(Planned p, String path) {
        for (Change c : p.steps.files()) {
            if (c instanceof WriteFile w && w.path().equals(path)) {
                return w;
            }
        }
        throw new AssertionError("no write of " + path + " in " + p.steps.files());
    }

    private static String written(Planned p, String path) {
        return new String(write(p, path).newBytes(), StandardCharsets.UTF_8);
    }
}
