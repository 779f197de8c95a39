package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;

/**
 * The desired-state cycle through the command line on the bundled sample machines (in memory): init proposes the
 * seed reports' fixes, plan shows the changes the seeds made by hand, apply makes them, plan is then empty, and
 * rollback restores every byte and value.
 */
class DesiredStateCommandTest {
    private static final String CONFIG = "/etc/disktune/disktune.conf";
    private static final String RULES = "/etc/udev/rules.d/90-disktune.rules";

    /** One sample machine kept across several runs of the command line. */
    private static Host sample(String name) {
        Path root = SampleRoots.materialize(name);
        return new RootedHost(root, new RefusingCommandRunner("sample " + name), Session.treeKernelLog(root, "sample " + name),
                Clock.systemUTC(), true);
    }

    /** A sample machine that plays the running one: emulated sysfs writes, programs recorded. */
    private static LiveTree liveSample(String name) {
        Path root = SampleRoots.materialize(name);
        return new LiveTree(root, Session.treeKernelLog(root, "sample " + name));
    }

    private static CliRun run(Host host, String... args) {
        return CliRun.run(o -> host, args);
    }

    private static void write(Host host, String path, String text) throws IOException {
        Files.createDirectories(host.path(path).getParent());
        Files.writeString(host.path(path), text);
    }

    /** Every regular file of the tree (except disktune's own state) with its bytes. */
    private static Map<String, String> snapshot(Host host) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(host.root())) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String machine = "/" + host.root().relativize(p);
                if (!machine.startsWith("/var/lib/disktune/") && !machine.startsWith("/run/")) {
                    files.put(machine, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
                }
            }
        }
        return files;
    }

    @Test
    void initProposesTheNforce4AdmaFixAndNoatime() {
        CliRun run = CliRun.run("--sample", "seed-nforce4-arch", "init");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("\n[module sata_nv]\nadma = 1\n"), run.out());
        for (String mount : List.of("/", "/boot", "/home")) {
            assertTrue(run.out().contains("\n[mount " + mount + "]\natime = noatime\n"), run.out());
        }
        assertTrue(run.out().endsWith("# not written: disktune init --write installs it as /etc/disktune/disktune.conf\n"), run.out());
    }

    @Test
    void initWriteInstallsTheCentos5ProposalWhichChecksCleanAndNeverOverwritesWithoutForce() throws IOException {
        Host host = sample("seed-centos5-ide");
        CliRun init = run(host, "init", "--write");
        assertEquals(0, init.exitCode(), init.err());
        String written = Files.readString(host.path(CONFIG));
        assertTrue(written.contains("[mount /boot]\natime = noatime\n"), written);
        CliRun check = run(host, "config", "check");
        assertEquals(0, check.exitCode(), check.out() + check.err());
        assertEquals("/etc/disktune/disktune.conf: ok\n", check.out());

        Files.writeString(host.path(CONFIG), written + "# mine\n");
        CliRun again = run(host, "init", "--write");
        assertEquals(2, again.exitCode());
        assertTrue(again.err().startsWith("disktune: /etc/disktune/disktune.conf exists already"), again.err());
        assertTrue(Files.readString(host.path(CONFIG)).endsWith("# mine\n"), "the existing file is untouched");
        assertEquals(0, run(host, "init", "--write", "--force").exitCode());
        assertEquals(written, Files.readString(host.path(CONFIG)));
    }

    @Test
    void raid5MembersGetQueueDepthOneLiveAndByTheirRuleThenPlanIsEmptyAndRollbackRestoresEverything() throws IOException {
        LiveTree host = liveSample("seed-raid5-raptors");
        // match.md becomes SYMLINK==, which udev reads from 114: the raptors' tree with lenny's udev instead of etch's 105
        Files.writeString(host.path("/var/lib/dpkg/status"), "Package: udev\nStatus: install ok installed\nVersion: 0.125-7\n\n");
        Map<String, String> before = snapshot(host);
        write(host, CONFIG, """
                # the first seed report: NCQ off on the RAID5 members
                [disk raptors]
                match.md = md7
                queue_depth = 1
                """);
        CliRun plan = run(host, "plan");
        assertEquals(0, plan.exitCode(), plan.err());
        String members = String.join("|", List.of("1", "2", "3").stream()
                .map(n -> "disk/by-id/ata-WDC_WD740ADFD-00NLR1_WD-WMANS100000" + n).toList());
        assertTrue(plan.out().contains("+  SYMLINK==\"" + members + "\", \\\n+  ATTR{device/queue_depth}=\"1\"\n"), plan.out());
        assertTrue(plan.out().endsWith("""
                # [disk raptors] line 4: queue_depth 1 (NCQ off)
                  /sys/block/sda/device/queue_depth: 31 -> 1
                # [disk raptors] line 4: queue_depth 1 (NCQ off)
                  /sys/block/sdb/device/queue_depth: 31 -> 1
                # [disk raptors] line 4: queue_depth 1 (NCQ off)
                  /sys/block/sdc/device/queue_depth: 31 -> 1
                note: kernel 2.6.21.5 sends no DEVTYPE with block events (2.6.25 added it): the udev rules tell a whole disk by its range attribute instead
                """), plan.out());

        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        for (String disk : List.of("sda", "sdb", "sdc")) {
            assertEquals("1\n", Files.readString(host.path("/sys/block/" + disk + "/device/queue_depth")), disk);
        }
        assertEquals("31\n", Files.readString(host.path("/sys/block/sdd/device/queue_depth")), "sdd is not a member");
        assertTrue(Files.readString(host.path(RULES)).contains("ATTR{device/queue_depth}=\"1\""));
        assertEquals(List.of(), host.programs.calls(), "udevd does not run in this tree (no /run/udev/control): nothing to reload");

        CliRun again = run(host, "plan");
        assertEquals("nothing to change: the machine is in the desired state of /etc/disktune/disktune.conf\n", again.out());
        List<String> journal = journalFiles(host);
        CliRun second = run(host, "apply");
        assertEquals(0, second.exitCode());
        assertEquals(journal, journalFiles(host), "a second apply writes nothing, not even a journal entry");

        Files.delete(host.path(CONFIG));
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        assertEquals(before, snapshot(host), "every byte and value as before, the rules file gone");
    }

    @Test
    void rhel6ConfigurationKeyedByWwnPlansTheDeadlineSchedulerThe2632KernelOffers() throws IOException {
        Host host = liveSample("seed-rhel6-ext4");
        write(host, CONFIG, """
                [disk data]
                match.wwn = 0x50014ee0018fdbb9
                # a 2.6 name: this 2.6.32 kernel offers it, a blk-mq kernel would get mq-deadline
                scheduler = deadline
                """);
        CliRun plan = run(host, "--json", "plan");
        assertEquals(0, plan.exitCode(), plan.err());
        JsonNode steps = new ObjectMapper().readTree(plan.out()).get("steps");
        assertEquals(2, steps.size(), plan.out());
        assertEquals("write-file", steps.get(0).get("kind").asText());
        assertEquals(RULES, steps.get(0).get("path").asText());
        assertTrue(steps.get(0).get("diff").asText().contains("ENV{ID_WWN}==\"0x50014ee0018fdbb9|eui.50014ee0018fdbb9\""), plan.out());
        assertTrue(steps.get(0).get("diff").asText().contains("ATTR{queue/scheduler}=\"deadline\""), plan.out());
        assertEquals("write-attribute", steps.get(1).get("kind").asText());
        assertEquals("/sys/block/sdb/queue/scheduler", steps.get(1).get("path").asText());
        assertEquals("cfq", steps.get(1).get("old_value").asText());
        assertEquals("deadline", steps.get(1).get("new_value").asText());
        assertEquals("wwn-0x50014ee0018fdbb9", steps.get(1).get("identity").asText());
        assertEquals(0, new ObjectMapper().readTree(plan.out()).get("warnings").size(), "the kernel offers deadline: " + plan.out());
        assertFalse(plan.out().contains("successor"), plan.out());
    }

    @Test
    void armReadaheadOfHdparmA8192IsReadAheadKb4096OnBothDisks() throws IOException {
        Host host = liveSample("seed-arm-n2100-sil");
        write(host, CONFIG, """
                [disk seagates]
                match.model = ST3250620AS
                read_ahead_kb = 4096
                """);
        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        assertTrue(apply.out().contains("  /sys/block/sda/queue/read_ahead_kb: 128 -> 4096\n"), apply.out());
        assertTrue(apply.out().contains("  /sys/block/sdb/queue/read_ahead_kb: 128 -> 4096\n"), apply.out());
        CliRun verify = run(host, "verify");
        assertEquals(0, verify.exitCode(), verify.out());
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("persistence") && l.contains(RULES)), verify.out());
        Files.writeString(host.path("/sys/block/sdb/queue/read_ahead_kb"), "256\n");
        CliRun drift = run(host, "verify");
        assertEquals(1, drift.exitCode(), drift.out());
        assertTrue(drift.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains("sdb (ata-ST3250620AS_9QE0B7K2) read_ahead_kb")
                && l.contains("fix: disktune apply")), drift.out());
        Files.writeString(host.path("/sys/block/sdb/queue/read_ahead_kb"), "4096\n");
        Files.delete(host.path(RULES));
        CliRun lost = run(host, "verify");
        assertEquals(1, lost.exitCode(), lost.out());
        assertTrue(lost.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains(RULES) && l.contains("is missing")
                && l.contains("will be lost at reboot") && l.contains("fix: disktune apply")), lost.out());
    }

    @Test
    void onATreeThatIsNotTheRunningMachineApplyWritesOnlyFilesAndVerifySaysPendingUntilItBoots() throws IOException {
        Host host = sample("seed-arm-n2100-sil");
        Map<String, String> before = snapshot(host);
        write(host, CONFIG, """
                [disk seagates]
                match.model = ST3250620AS
                read_ahead_kb = 4096
                """);
        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        assertTrue(apply.out().contains("at next boot (this is not the running machine"), apply.out());
        assertTrue(apply.out().contains("    /sys/block/sda/queue/read_ahead_kb: 128 -> 4096\n"), apply.out());
        assertEquals("128\n", Files.readString(host.path("/sys/block/sda/queue/read_ahead_kb")), "no sysfs write under --root");
        assertTrue(Files.readString(host.path(RULES)).contains("ATTR{queue/read_ahead_kb}=\"4096\""));
        CliRun verify = run(host, "verify");
        assertEquals(3, verify.exitCode(), verify.out());
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("pending") && l.contains("sda") && l.contains("read_ahead_kb")
                && l.contains("at its next boot")), verify.out());
        CliRun again = run(host, "plan");
        assertTrue(again.out().startsWith("no file to change: the files are in the desired state of /etc/disktune/disktune.conf\n"),
                again.out());
        Files.delete(host.path(CONFIG));
        assertEquals(0, run(host, "rollback").exitCode());
        assertEquals(before, snapshot(host));
    }

    @Test
    void centos5IdeGetsIo32ThreeAndMultcount16ThroughHdparmAndNoatimeThroughFstabAndARemount() throws IOException {
        LiveTree host = liveSample("seed-centos5-ide");
        Map<String, String> before = snapshot(host);
        Files.createDirectories(host.path("/run/udev"));
        Files.writeString(host.path("/run/udev/control"), ""); // udevd listens
        write(host, CONFIG, """
                # the fifth seed report: hdparm -c3 -m16 on the IDE disks, noatime in fstab
                [disk ide]
                match.transport = ide
                io32 = 3
                multcount = 16

                [mount /]
                atime = noatime
                """);
        CliRun apply = run(host, "apply");
        assertEquals(0, apply.exitCode(), apply.out() + apply.err());
        // CentOS 5 boots with sysvinit: no rule runs systemd-run, so a section of hdparm settings only needs no rule at all;
        // rc.local carries them, in a marked block after what was there (issue 29 item 3)
        assertFalse(Files.exists(host.path(RULES)), "no udev rule that could not run");
        assertTrue(apply.out().contains("no systemd"), apply.out());
        assertTrue(Files.readString(host.path("/etc/rc.local")).endsWith("touch /var/lock/subsys/local\n"
                + "# BEGIN disktune: generated from /etc/disktune/disktune.conf (hdparm settings udev cannot apply without systemd); "
                + "`disktune apply` rewrites this block\nhdparm -c3 -m16 /dev/hde\nhdparm -c3 -m16 /dev/hdf\n# END disktune\n"),
                Files.readString(host.path("/etc/rc.local")));
        assertTrue(Files.readString(host.path("/etc/fstab")).contains("/dev/md1                /                       ext3    defaults,noatime        1 1\n"),
                Files.readString(host.path("/etc/fstab")));
        List<List<String>> calls = host.programs.calls();
        assertTrue(calls.contains(List.of("hdparm", "-c3", "/dev/hde")), calls.toString());
        assertTrue(calls.contains(List.of("mount", "-o", "remount,noatime", "/")), calls.toString());
        assertFalse(calls.stream().anyMatch(c -> c.get(0).equals("udevadm")), "no rules to reload: " + calls);

        host.programs.calls(); // rollback runs the journaled undo programs and restores the files
        Files.delete(host.path(CONFIG));
        CliRun rollback = run(host, "rollback");
        assertEquals(0, rollback.exitCode(), rollback.out() + rollback.err());
        List<List<String>> after = host.programs.calls().subList(calls.size(), host.programs.calls().size());
        assertTrue(after.contains(List.of("hdparm", "-c0", "/dev/hde")), after.toString());
        assertTrue(after.contains(List.of("mount", "-o", "remount,strictatime", "/")), after.toString());
        Files.delete(host.path("/run/udev/control"));
        assertEquals(before, snapshot(host));
    }

    @Test
    void applyBootMakesTheLiveSettingsAgainWritesNoFileAndRecordsTheOutcomeForVerify() throws IOException {
        LiveTree host = liveSample("seed-arm-n2100-sil");
        // disktune.service is systemd's: this Debian lenny sample boots sysvinit, so it is given systemd's /sbin/init here
        Files.createDirectories(host.path("/sbin"));
        Files.createSymbolicLink(host.node("/sbin/init"), host.root().getFileSystem().getPath("/lib/systemd/systemd"));
        write(host, CONFIG, "[disk seagates]\nmatch.model = ST3250620AS\nread_ahead_kb = 4096\n");
        assertEquals(0, run(host, "apply").exitCode());
        String rules = Files.readString(host.path(RULES));
        // the next boot: the kernel starts from its defaults, and the configuration was edited without an apply
        Files.writeString(host.path("/sys/block/sda/queue/read_ahead_kb"), "128\n");
        Files.writeString(host.path("/sys/block/sdb/queue/read_ahead_kb"), "128\n");
        write(host, CONFIG, "[disk seagates]\nmatch.model = ST3250620AS\nread_ahead_kb = 4096\nnr_requests = 64\n");

        CliRun boot = run(host, "apply", "--boot");
        assertEquals(0, boot.exitCode(), boot.out() + boot.err());
        assertEquals("4096\n", Files.readString(host.path("/sys/block/sda/queue/read_ahead_kb")));
        assertEquals("64\n", Files.readString(host.path("/sys/block/sdb/queue/nr_requests")));
        assertEquals(rules, Files.readString(host.path(RULES)), "apply --boot never writes a file");
        assertTrue(boot.out().contains("boot: made 4 setting(s) again: journal "), boot.out());
        assertTrue(boot.out().endsWith("pending: " + RULES + " differs from the configuration; run disktune apply\n"), boot.out());
        JsonNode status = new ObjectMapper().readTree(Files.readString(host.path("/var/lib/disktune/boot-status.json")));
        assertEquals(4, status.get("applied").asInt());
        assertEquals(RULES, status.get("pending").get(0).asText());
        assertEquals(Files.readString(host.path("/proc/sys/kernel/random/boot_id")).strip(), status.get("boot_id").asText());

        CliRun verify = run(host, "verify");
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("unknown") && l.contains("disktune.service") && l.contains("not enabled")),
                verify.out());
        Files.createDirectories(host.path("/etc/systemd/system/multi-user.target.wants"));
        Files.createSymbolicLink(host.node("/etc/systemd/system/multi-user.target.wants/disktune.service"),
                host.root().getFileSystem().getPath("/etc/systemd/system/disktune.service"));
        CliRun enabled = run(host, "verify");
        assertTrue(enabled.out().lines().anyMatch(l -> l.startsWith("ok") && l.contains("disktune.service")
                && l.contains("made 4 setting(s) again")), enabled.out());
        assertTrue(enabled.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains(RULES) && l.contains("differs from the configuration")),
                enabled.out());
    }

    /** The e2e guest: the unit's hdparm "exited 1" and nothing said why (unshare, refused by RestrictNamespaces=yes). */
    @Test
    void applyBootShowsWhatAFailedProgramPrintedBeforeItsOneLineError() throws IOException {
        LiveTree host = liveSample("seed-centos5-ide");
        write(host, CONFIG, "[disk ide]\nmatch.transport = ide\nio32 = 3\n");
        host.programs.exits(List.of("hdparm", "-c3", "/dev/hde"), 1, "", "unshare: unshare failed: Operation not permitted\n");
        CliRun boot = run(host, "apply", "--boot");
        assertEquals(5, boot.exitCode(), boot.out() + boot.err());
        assertTrue(boot.err().startsWith("unshare: unshare failed: Operation not permitted\ndisktune: hdparm -c3 /dev/hde exited 1"),
                boot.err());
    }

    @Test
    void applyDeviceRunsOnlyThatDisksHdparmSettingsWithoutLockOrJournal() throws IOException {
        LiveTree host = liveSample("seed-centos5-ide");
        write(host, CONFIG, "[disk ide]\nmatch.transport = ide\nio32 = 3\n\n[mount /]\natime = noatime\n");
        CliRun device = run(host, "apply", "--device", "hdf");
        assertEquals(0, device.exitCode(), device.out() + device.err());
        assertEquals("ran: hdparm -c3 /dev/hdf\n", device.out());
        assertEquals(List.of(List.of("hdparm", "-c3", "/dev/hdf")), host.programs.calls());
        assertFalse(Files.exists(host.path("/var/lib/disktune")), "no journal, no lock file");

        host.programs.exits(List.of("hdparm", "-c3", "/dev/hde"), 5, "", " HDIO_SET_32BIT failed: Invalid argument\n");
        CliRun failed = run(host, "apply", "--device", "hde");
        assertEquals(4, failed.exitCode());
        assertEquals("failed: hdparm -c3 /dev/hde exited 5: HDIO_SET_32BIT failed: Invalid argument\n", failed.out());

        CliRun unknown = run(host, "apply", "--device", "sdz");
        assertEquals(2, unknown.exitCode());
        assertEquals("disktune: no disk sdz on this machine; see disktune detect\n", unknown.err());
        CliRun injected = run(host, "apply", "--device", "hde;reboot");
        assertEquals(2, injected.exitCode());
        assertTrue(injected.err().startsWith("disktune: --device hde;reboot is not a kernel device name"), injected.err());
        CliRun onTree = run(sample("seed-centos5-ide"), "apply", "--boot");
        assertEquals(2, onTree.exitCode());
        assertTrue(onTree.err().startsWith("disktune: apply --boot acts on the running machine only"), onTree.err());
    }

    @Test
    void debiansHdparmConfSettingTheSameDiskIsNamedByPlanAndIsDriftInVerify() throws IOException {
        Host host = sample("qemu-ahci");
        write(host, CONFIG, "[disk ata]\nmatch.transport = ata\nwrite_cache = off\n");
        write(host, "/etc/hdparm.conf", "/dev/sda {\n\twrite_cache = on\n}\n");
        CliRun plan = run(host, "plan");
        assertEquals(0, plan.exitCode(), plan.err());
        assertTrue(plan.out().lines().anyMatch(l -> l.startsWith("note: hdparm.conf: sda: write_cache = on in /etc/hdparm.conf line 2 and "
                + "write_cache off in [disk ata] line 3") && l.contains("would fight") && l.contains("remove it from /etc/hdparm.conf line 2")),
                plan.out());
        CliRun verify = run(host, "verify");
        assertEquals(1, verify.exitCode(), verify.out());
        assertTrue(verify.out().lines().anyMatch(l -> l.startsWith("drift") && l.contains("hdparm.conf")
                && l.contains("sda write_cache (/etc/hdparm.conf:2)")), verify.out());
    }

    @Test
    void withoutHdparmTheApplyStopsBeforeAnythingChanges() throws IOException {
        LiveTree host = liveSample("seed-centos5-ide");
        host.programs.without("hdparm");
        write(host, CONFIG, "[disk ide]\nmatch.transport = ide\nio32 = 3\nread_ahead_kb = 1024\n");
        Map<String, String> before = snapshot(host);
        CliRun apply = run(host, "apply");
        assertEquals(4, apply.exitCode(), apply.out());
        assertTrue(apply.err().startsWith("disktune: hdparm is not installed, and the plan runs it ([disk ide] line 3: io32 3 on hde now); "
                + "install it (apt-get install hdparm)"), apply.err());
        assertEquals(before, snapshot(host));
        assertFalse(Files.exists(host.path("/var/lib/disktune/journal")));
    }

    @Test
    void matchMdOfAnArrayThisMachineLacksIsAbsentNotAnError() throws IOException {
        Host host = sample("seed-rhel6-ext4");
        write(host, CONFIG, "[disk members]\nmatch.md = md7\nqueue_depth = 1\n");
        CliRun check = run(host, "config", "check");
        assertEquals(0, check.exitCode(), check.out() + check.err());
        CliRun plan = run(host, "plan");
        assertEquals(0, plan.exitCode(), plan.err());
        assertTrue(plan.out().contains("absent: [disk members] line 1 matches no disk (match.md = md7)"), plan.out());
        assertFalse(plan.out().contains("90-disktune.rules"), "no rule for an array this machine lacks: " + plan.out());
    }

    @Test
    void aSchedulerTheKernelRefusesRollsBackTheAttributesAlreadyWritten() throws IOException {
        Host host = sample("qemu-ahci");
        write(host, CONFIG, """
                [disk all]
                match.transport = ata
                read_ahead_kb = 256
                scheduler = none
                """);
        // the kernel stops offering "none" on sdc after the plan was made (a module unloaded): EINVAL at apply
        Files.writeString(host.path("/sys/block/sdc/queue/scheduler"), "[mq-deadline] kyber\n");
        CliRun check = run(host, "config", "check");
        assertEquals(2, check.exitCode(), check.out());
        assertTrue(check.out().startsWith("/etc/disktune/disktune.conf:4: "), check.out());
        CliRun apply = run(host, "apply");
        assertEquals(2, apply.exitCode(), "the planner refuses it before anything changes: " + apply.err());
        assertEquals("128\n", Files.readString(host.path("/sys/block/sda/queue/read_ahead_kb")));
        assertFalse(Files.exists(host.path("/var/lib/disktune/journal")), "nothing journaled");
    }

    @Test
    void configurationModuleOptionsGoThroughModprobeAndTheInitramfsAndEndInExit3() throws IOException {
        GeneratorMachine m = GeneratorMachine.debian();
        Files.createDirectories(m.path(CONFIG).getParent());
        Files.writeString(m.path(CONFIG), "[module sata_nv]\nadma = 1\n");
        CliRun apply = ModprobeSetCommandTest.run(m, "apply");
        assertEquals(3, apply.exitCode(), apply.out() + apply.err());
        String options = new String(m.read(GeneratorMachine.OPTIONS_FILE), StandardCharsets.UTF_8);
        assertTrue(options.startsWith("# Generated by disktune from the [module] sections of /etc/disktune/disktune.conf"), options);
        assertTrue(options.endsWith("\noptions sata_nv adma=1\n"), options);
        CliRun plan = ModprobeSetCommandTest.run(m, "plan");
        assertEquals("nothing to change: the machine is in the desired state of /etc/disktune/disktune.conf\n"
                + "module parameter sata_nv.adma=1 -> modprobe.d: no installed kernel's modules.builtin lists sata_nv\n",
                plan.out());
        assertEquals(0, ModprobeSetCommandTest.run(m, "apply").exitCode());
    }

    @Test
    void modprobeSetEditsTheModuleSectionOfTheConfigurationKeepingEveryOtherByte() throws IOException {
        GeneratorMachine m = GeneratorMachine.debian();
        String mine = "# my disks\r\n[disk ssd]\r\nmatch.rotational = 0\r\nread_ahead_kb = 128\r\n";
        Files.createDirectories(m.path(CONFIG).getParent());
        Files.writeString(m.path(CONFIG), mine);
        CliRun set = ModprobeSetCommandTest.run(m, "modprobe", "set", "sata_nv", "adma=1");
        assertEquals(3, set.exitCode(), set.out() + set.err());
        String after = Files.readString(m.path(CONFIG));
        assertTrue(after.startsWith(mine), after);
        assertTrue(after.contains("[module sata_nv]\r\nadma = 1\r\n"), after);
        CliRun unset = ModprobeSetCommandTest.run(m, "modprobe", "unset", "sata_nv", "adma");
        assertEquals(3, unset.exitCode(), unset.out() + unset.err());
        assertEquals(mine, Files.readString(m.path(CONFIG)));
        assertFalse(m.exists(GeneratorMachine.OPTIONS_FILE));
    }

    @Test
    void anEarlierModprobeFileIsTakenIntoTheConfigurationOnTheFirstApply() throws IOException {
        GeneratorMachine m = GeneratorMachine.debian();
        Files.createDirectories(m.path(GeneratorMachine.OPTIONS_FILE).getParent());
        Files.writeString(m.path(GeneratorMachine.OPTIONS_FILE), """
                # Generated by disktune: module options applied when these modules load (also from the initramfs).
                # Change them with `disktune modprobe set MODULE PARAM=VALUE` or `disktune modprobe unset MODULE PARAM`.
                # Do not edit this file by hand: disktune rewrites it.
                options libata force=noncq
                """);
        Files.createDirectories(m.path(CONFIG).getParent());
        Files.writeString(m.path(CONFIG), "[disk ssd]\nmatch.rotational = 0\nread_ahead_kb = 128\n");
        CliRun apply = ModprobeSetCommandTest.run(m, "apply");
        assertEquals(3, apply.exitCode(), apply.out() + apply.err());
        assertTrue(Files.readString(m.path(CONFIG)).endsWith("\n[module libata]\nforce = noncq\n"), Files.readString(m.path(CONFIG)));
        assertTrue(new String(m.read(GeneratorMachine.OPTIONS_FILE), StandardCharsets.UTF_8).endsWith("options libata force=noncq\n"));
    }

    @Test
    void aBrokenConfigurationIsExit2WithFileAndLineAndChangesNothing() throws IOException {
        Host host = sample("qemu-ahci");
        write(host, CONFIG, "[disk x]\nmatch.model = QEMU*\nread_ahead = 4096\n");
        Map<String, String> before = snapshot(host);
        for (String command : List.of("plan", "apply")) {
            CliRun run = run(host, command);
            assertEquals(2, run.exitCode(), command);
            assertEquals("disktune: /etc/disktune/disktune.conf:3: unknown key read_ahead in [disk x]; did you mean read_ahead_kb?\n",
                    run.err(), command);
        }
        assertEquals(before, snapshot(host));
    }

    @Test
    void historyListsTheAppliedEntries() throws IOException {
        Host host = liveSample("seed-arm-n2100-sil");
        write(host, CONFIG, "[disk seagates]\nmatch.model = ST3250620AS\nread_ahead_kb = 4096\n");
        assertEquals(0, run(host, "apply").exitCode());
        JsonNode history = new ObjectMapper().readTree(run(host, "--json", "history").out());
        assertEquals(1, history.get("entries").size());
        JsonNode entry = history.get("entries").get(0);
        assertEquals("applied", entry.get("state").asText());
        assertEquals(2, entry.get("attributes").asInt());
        assertEquals("apply /etc/disktune/disktune.conf", entry.get("description").asText());
    }

    private static List<String> journalFiles(Host host) throws IOException {
        try (Stream<Path> s = Files.list(host.path("/var/lib/disktune/journal"))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

}
