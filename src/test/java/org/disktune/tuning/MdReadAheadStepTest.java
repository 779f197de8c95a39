package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.apply.Change;
import org.disktune.apply.WriteReadAhead;
import org.disktune.config.ConfigParser;
import org.disktune.config.DesiredState;
import org.disktune.config.Setting;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 4: on the raptors' 2.6.21 kernel md arrays show no queue/read_ahead_kb, so their readahead, read through
 * BLKRAGET on the running machine, is set now by a step of its own through the BLKRASET ioctl (journaled with the old
 * value), not by running blockdev.
 */
class MdReadAheadStepTest {
    @Test
    void anArraysReadaheadOnAnOldKernelIsABlkrasetStepWithTheValueReadBefore() throws IOException {
        String config = Files.readString(Path.of("src/test/resources/persist/udev/seed-raid5-raptors.conf"));
        DesiredState state = new ConfigParser().parse(config.getBytes(StandardCharsets.UTF_8), "/etc/disktune/disktune.conf").state();
        Path root = new SampleMachines().materialize("seed-raid5-raptors");
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        MachineReport machine = new MachineDetector(host).detect();
        TuningPlan read = new DesiredStatePlanner().plan(state, machine);
        // what BLKRAGET reads on the running machine (a sample tree has no block device to ask): 128 KiB on every array
        TuningPlan tuning = new TuningPlan(read.settings().stream().map(s -> s.setting() == Setting.MD_READ_AHEAD_KB
                ? new EffectiveSetting(s.scope(), s.target(), s.identity(), s.setting(), s.wanted(), "128", s.origin(), s.attribute(),
                        SettingStatus.CHANGE)
                : s).toList(), read.changes(), read.errors(), read.absent(), read.notes());

        PersistencePlanner.Steps steps = new PersistencePlanner(false).plan(state, tuning, machine, path -> null, host::mode);

        List<WriteReadAhead> readAheads = steps.live().stream().filter(WriteReadAhead.class::isInstance).map(WriteReadAhead.class::cast).toList();
        assertEquals(List.of("md2 128 -> 16384"), readAheads.stream().map(r -> r.device() + " " + r.oldKib() + " -> " + r.newKib()).toList());
        assertEquals("read_ahead_kb", readAheads.get(0).setting());
        assertEquals(tuning.settings().stream().filter(s -> s.target().equals("md2")).findFirst().orElseThrow().identity(),
                readAheads.get(0).identity(), "the array's lasting name, so that undo finds it after its kernel name moved");
        for (Change c : steps.live()) {
            assertTrue(!c.toString().contains("blockdev"), "no blockdev program: " + c);
        }
    }
}
