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
import org.disktune.detect.UdevVersion;
import org.disktune.persist.GeneratedRules;
import org.disktune.persist.UdevMatches;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.persist.RcLocalBlock;
import org.disktune.persist.UdevRulesGenerator;
import org.disktune.persist.UdevTarget;
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
        assertFalse(p.steps.files().stream().anyMatch(c -> c.toString().contains(UdevRulesGenerator.PATH)), "udev 095 reads no rule of it");

        byte[] before = p.files.apply("/etc/rc.local");
        WriteFile rcLocal = write(p, "/etc/rc.local");
        assertEquals(new String(before, StandardCharsets.UTF_8) + RcLocalBlock.block("/etc/disktune/disktune.conf",
                List.of("hdparm -c3 -m16 -d1 /dev/hde", "hdparm -c3 -m16 -d1 /dev/hdf")), new String(rcLocal.newBytes(), StandardCharsets.UTF_8));
        assertTrue(p.steps.notes().stream().anyMatch(n -> n.contains("no systemd") && n.contains("/etc/rc.local")), p.steps.notes().toString());
        assertEquals(List.of("/etc/fstab", "/etc/rc.local"), p.steps.carriers());
        assertEquals(List.of(), p.steps.uncertain());
    }

    @Test
    void anRcLocalThatIsNotExecutableIsMadeSoInTheWriteOfItsBlock() {
        Planned p = plan("seed-centos5-ide", path -> Optional.of(new FileMode(0644)));
        WriteFile rcLocal = write(p, "/etc/rc.local");
        assertEquals(new FileMode(0644), rcLocal.oldMode());
        assertEquals(new FileMode(0755), rcLocal.newMode());
        assertTrue(rcLocal.reason().contains("made executable"), rcLocal.reason());
        assertEquals(List.of("/etc/fstab", "/etc/rc.local"), p.steps.carriers());

        Planned executable = plan("seed-centos5-ide", path -> Optional.of(new FileMode(0755)));
        assertEquals(null, write(executable, "/etc/rc.local").newMode(), "an executable rc.local keeps its mode");
    }

    @Test
    void anRcLocalWhoseModeCannotBeReadIsUncertainNotACarrier() {
        Planned p = plan("seed-centos5-ide", path -> Optional.empty());
        assertEquals(null, write(p, "/etc/rc.local").newMode());
        assertEquals(List.of("/etc/fstab"), p.steps.carriers(), "fstab carries noatime; rc.local is no carrier while its mode is unknown");
        assertEquals(1, p.steps.uncertain().size(), p.steps.uncertain().toString());
        assertTrue(p.steps.uncertain().get(0).cause().contains("the mode of /etc/rc.local cannot be read"), p.steps.uncertain().toString());
    }

    @Test
    void mdReadaheadOnA26KernelIsABlockdevRunNeverAnAttrTheKernelLacks() {
        for (String sample : List.of("seed-raid5-raptors", "seed-arm-n2100-sil")) {
            Planned p = plan(sample);
            assertFalse(MdArray.queueShown(p.machine.kernel()), sample);
            String rules = written(p, UdevRulesGenerator.PATH);
            int mdReadahead = 0;
            for (String rule : rules.split("\n\n")) {
                if (rule.startsWith("# [md ") && rule.contains(": read_ahead_kb = ")) {
                    mdReadahead++;
                    assertFalse(rule.contains("ATTR{queue/read_ahead_kb}"), sample + ": " + rule);
                    assertTrue(rule.contains("RUN+=\"/sbin/blockdev --setra "), sample + ": " + rule);
                }
            }
            assertTrue(mdReadahead > 0, sample + ": no [md] rule with read_ahead_kb in\n" + rules);
            assertTrue(p.steps.notes().stream().anyMatch(n -> n.contains("blockdev --setra")), sample);
        }
        assertTrue(written(plan("seed-raid5-raptors"), UdevRulesGenerator.PATH).contains("RUN+=\"/sbin/blockdev --setra 32768 /dev/%k\""));
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
        assertFalse(raptors.steps.carriers().contains("/etc/rc.local"), raptors.steps.carriers().toString());
        assertEquals(List.of(), raptors.steps.uncertain());
        assertFalse(written(raptors, UdevRulesGenerator.PATH).contains("systemd-run"));
    }

    @Test
    void hdparmBySystemdRunWhereTheInitSystemIsNotKnownIsUncertainForVerify() {
        Planned p = plan("qemu-ahci"); // a sysfs capture: no systemd, inittab or rc.local in the tree
        assertEquals(InitSystem.Kind.UNKNOWN, p.machine.initSystem().kind());
        assertTrue(written(p, UdevRulesGenerator.PATH).contains(UdevRulesGenerator.RUN), "kept: it is right on a systemd machine");
        assertEquals(List.of("udev rules", "hdparm settings"), p.steps.uncertain().stream().map(PersistenceGap::subject).toList());
        assertTrue(p.steps.uncertain().stream().allMatch(g -> g.cause().contains("cannot be told")), p.steps.uncertain().toString());
        assertTrue(p.steps.notes().stream().anyMatch(n -> n.contains("init system of this machine is not known")), p.steps.notes().toString());
    }

    @Test
    void centos5sUdev095HasNoAttrKeysSoNoRuleIsWrittenAndItsSysfsSettingsLastUntilTheNextBootOnly() {
        Planned p = plan("seed-centos5-ide");
        assertEquals(new UdevVersion(95, "/usr/share/doc/udev-095"), p.machine.udev());
        List<PersistenceGap> left = p.steps.unpersisted().stream().filter(g -> g.file().equals(UdevRulesGenerator.PATH)).toList();
        assertEquals(List.of("[disk ide]", "[disk deskstar]", "[disk maxtor]", "[md md1]"), left.stream().map(PersistenceGap::subject).toList());
        assertTrue(left.stream().allMatch(g -> g.cause().startsWith("udev 095 of this machine has no ATTR{} keys (udev 098 added them")
                && g.cause().contains("hold until the next boot")), left.toString());
        assertFalse(p.steps.carriers().contains(UdevRulesGenerator.PATH), p.steps.carriers().toString());
        assertTrue(p.steps.notes().stream().anyMatch(n -> n.equals("no udev rules file is written: udev 095 (/usr/share/doc/udev-095) could read none of its rules")),
                p.steps.notes().toString());
    }

    @Test
    void raptorsKernel2621SendsNoDevtypeAndItsUdev105HasNoSymlinkMatch() {
        Planned p = plan("seed-raid5-raptors");
        assertEquals(new UdevVersion(105, "/var/lib/dpkg/status: udev 0.105-4"), p.machine.udev());
        String rules = written(p, UdevRulesGenerator.PATH);
        assertFalse(rules.contains("ENV{DEVTYPE}"), rules);
        assertFalse(rules.contains("SYMLINK=="), rules);
        for (String rule : rules.split("\n\n")) {
            if (rule.contains("ACTION==")) {
                assertTrue(rule.contains("ATTR{range}==\"?*\""), rule);
            }
        }
        List<PersistenceGap> left = p.steps.unpersisted().stream().filter(g -> g.file().equals(UdevRulesGenerator.PATH)).toList();
        assertEquals(List.of("[disk raptors]", "[disk raptor-1]", "[disk seagate]"), left.stream().map(PersistenceGap::subject).toList());
        // 2.6.21's DEVPATH is /block/sda: DEVPATH=="*/ata[0-9]*" would never match, so match.transport = ata is not written
        assertTrue(left.get(0).cause().contains("DEVPATH of a disk is /block/NAME"), left.toString());
        assertFalse(rules.contains("DEVPATH"), rules);
        assertTrue(left.subList(1, 3).stream().allMatch(g -> g.cause().contains("udev 114 added SYMLINK==")), left.toString());
        assertTrue(p.steps.carriers().contains(UdevRulesGenerator.PATH), p.steps.carriers().toString());
    }

    @Test
    void kernel2625SendsDevtypeSoTheArmRulesKeepIt() {
        Planned p = plan("seed-arm-n2100-sil");
        assertEquals(125, p.machine.udev().version());
        String rules = written(p, UdevRulesGenerator.PATH);
        assertTrue(rules.contains("ENV{DEVTYPE}==\"disk\""), rules);
        assertFalse(rules.contains("ATTR{range}"), rules);
        assertEquals(List.of(), p.steps.unpersisted().stream().filter(g -> g.file().equals(UdevRulesGenerator.PATH)).toList());
        assertEquals(List.of(), p.steps.uncertain());
    }

    @Test
    void matchSerialNeedsIdSerialShortWhichScsiIdExportsFrom102AndAtaIdFrom144() {
        DesiredState state = new ConfigParser().parse("[disk one]\nmatch.serial = WD-WCAYUJ000001\nread_ahead_kb = 4096\n".getBytes(StandardCharsets.UTF_8),
                "/etc/disktune/disktune.conf").state();
        Function<org.disktune.config.SettingValue, String> wanted = org.disktune.config.SettingValue::value;
        record Case(int udev, boolean ide, boolean written) {
        }
        for (Case c : List.of(new Case(101, false, false), new Case(102, false, true), new Case(143, true, false), new Case(144, true, true),
                new Case(0, true, true))) {
            GeneratedRules rules = new UdevRulesGenerator().generate(state, wanted, UdevMatches.MdMembers.NONE,
                    new UdevTarget(false, true, c.udev(), true, c.ide(), org.disktune.persist.BlockDevpath.ATA_PORTS));
            assertEquals(c.written(), rules.text().isPresent(), c.toString());
            assertEquals(c.written() ? 0 : 1, rules.unwritten().size(), c.toString());
            if (!c.written()) {
                assertTrue(rules.unwritten().get(0).reason().contains("exports no ID_SERIAL_SHORT"), rules.unwritten().toString());
            }
        }
    }

    @Test
    void udevVersionFromThePackageFilesOfTheTree(@TempDir Path root) throws IOException {
        InitSystem sysv = new InitSystem(InitSystem.Kind.SYSVINIT, "/etc/inittab, no systemd");
        assertEquals(UdevVersion.UNKNOWN, UdevVersion.detect(host(root), sysv));
        assertEquals(UdevVersion.IN_SYSTEMD, UdevVersion.detect(host(root), new InitSystem(InitSystem.Kind.SYSTEMD, "/lib/systemd/systemd")).version());
        Files.createDirectories(root.resolve("usr/share/doc/udev-095"));
        Files.createDirectories(root.resolve("usr/share/doc/udev-extras-20090618"));
        assertEquals(new UdevVersion(95, "/usr/share/doc/udev-095"), UdevVersion.detect(host(root), sysv));
        Files.createDirectories(root.resolve("var/lib/pacman/local/udev-135-1"));
        assertEquals(new UdevVersion(135, "/var/lib/pacman/local/udev-135-1"), UdevVersion.detect(host(root), sysv));
        Files.createDirectories(root.resolve("var/lib/dpkg"));
        Files.writeString(root.resolve("var/lib/dpkg/status"), "Package: udev\nStatus: deinstall ok config-files\nVersion: 0.105-4\n\n");
        assertEquals(135, UdevVersion.detect(host(root), sysv).version(), "a removed package's stanza tells nothing");
        for (String[] v : List.of(new String[] {"0.105-4", "105"}, new String[] {"0.098-1", "98"}, new String[] {"175-7.2", "175"},
                new String[] {"252.39-1~deb12u1", "252"})) {
            Files.writeString(root.resolve("var/lib/dpkg/status"), "Package: hdparm\nStatus: install ok installed\nVersion: 9.65+ds-1\n\n"
                    + "Package: udev\nStatus: install ok installed\nVersion: " + v[0] + "\n\n");
            assertEquals(new UdevVersion(Integer.parseInt(v[1]), "/var/lib/dpkg/status: udev " + v[0]), UdevVersion.detect(host(root), sysv));
        }
    }

    @Test
    void debianWithoutSystemdButWithTheHdparmPackageCarriesHdparmSettingsInHdparmConfNotRcLocal() {
        String config = "[disk seagates]\nmatch.model = ST3250620AS\nwrite_cache = off\napm = 254\n";
        Planned p = plan("seed-arm-n2100-sil", config);
        byte[] before = p.files.apply("/etc/hdparm.conf");
        String after = written(p, "/etc/hdparm.conf");
        assertEquals(new String(before, StandardCharsets.UTF_8) + """
                # BEGIN disktune: generated from /etc/disktune/disktune.conf (hdparm settings of a machine without systemd); `disktune apply` rewrites this block
                /dev/disk/by-id/ata-ST3250620AS_9QE05RV5 {
                	write_cache = 0
                	apm = 254
                }
                /dev/disk/by-id/ata-ST3250620AS_9QE0B7K2 {
                	write_cache = 0
                	apm = 254
                }
                # END disktune
                """, after);
        assertFalse(p.steps.files().stream().anyMatch(c -> c.toString().contains("/etc/rc.local")), p.steps.files().toString());
        assertTrue(p.steps.carriers().contains("/etc/hdparm.conf") && !p.steps.carriers().contains("/etc/rc.local"), p.steps.carriers().toString());
        assertTrue(p.steps.notes().stream().anyMatch(n -> n.startsWith("/etc/hdparm.conf carries the hdparm settings")), p.steps.notes().toString());

        // read back by the one hdparm.conf parser: each stanza gives disktune's values, and Debian's script gets through the file
        org.disktune.hdparm.HdparmConf parsed = org.disktune.hdparm.HdparmConfParser.parse(after.getBytes(StandardCharsets.UTF_8), "/etc/hdparm.conf");
        assertEquals(List.of(), parsed.problems());
        assertEquals(2, parsed.blocks().size());
        for (org.disktune.hdparm.HdparmConf.DeviceBlock b : parsed.blocks()) {
            assertTrue(parsed.applies(b), b.toString());
            assertEquals(List.of("write_cache=off", "apm=254"), b.options().stream().map(o -> o.setting().key() + "=" + o.settingValue()).toList());
        }
        // disktune's own stanzas are not the administrator's: blanked for the overlap check and init's import, lines kept
        byte[] without = org.disktune.persist.HdparmConfBlock.withoutBlock(after.getBytes(StandardCharsets.UTF_8));
        assertEquals(after.split("\n", -1).length, new String(without, StandardCharsets.UTF_8).split("\n", -1).length);
        assertEquals(List.of(), org.disktune.hdparm.HdparmConfParser.parse(without, "/etc/hdparm.conf").blocks());
        assertTrue(new String(without, StandardCharsets.UTF_8).startsWith(new String(before, StandardCharsets.UTF_8)));
    }

    @Test
    void withoutTheHdparmPackageTheSameDebianMachineUsesRcLocal() {
        String config = "[disk seagates]\nmatch.model = ST3250620AS\nwrite_cache = off\n";
        Planned p = plan("seed-raid5-raptors", config.replace("ST3250620AS", "ST3320620AS")); // etch without hdparm in dpkg's status
        assertFalse(p.steps.files().stream().anyMatch(c -> c.toString().contains("/etc/hdparm.conf")), p.steps.files().toString());
        assertTrue(written(p, "/etc/rc.local").contains("hdparm -W0 /dev/disk/by-id/ata-ST3320620AS_9QF0ABCD\n"));
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
        return plan(sample, (Function<String, Optional<FileMode>>) null);
    }

    /** {@code modes}: the mode of each file (null: as the sample's tree has them). */
    private static Planned plan(String sample, Function<String, Optional<FileMode>> modes) {
        try {
            return plan(sample, Files.readString(CONFIGS.resolve(sample + ".conf")), modes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Planned plan(String sample, String config) {
        return plan(sample, config, null);
    }

    private static Planned plan(String sample, String config, Function<String, Optional<FileMode>> modes) {
        DesiredState state = new ConfigParser().parse(config.getBytes(StandardCharsets.UTF_8), "/etc/disktune/disktune.conf").state();
        Path root = new SampleMachines().materialize(sample);
        RootedHost host = host(root);
        MachineReport machine = new MachineDetector(host).detect();
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
        PersistencePlanner.Steps steps = new PersistencePlanner(false).plan(state, tuning, machine, files, modes != null ? modes : host::mode);
        assertEquals(List.of(), steps.errors());
        return new Planned(machine, steps, files);
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
