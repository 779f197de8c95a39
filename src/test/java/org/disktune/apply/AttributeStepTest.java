package org.disktune.apply;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.disktune.apply.PlanExecutorTest.CONF;
import static org.disktune.apply.PlanExecutorTest.OPTIONS;
import static org.disktune.apply.SysfsMachine.ID_A;
import static org.disktune.apply.SysfsMachine.ID_B;
import static org.disktune.apply.SysfsMachine.SDA_READ_AHEAD;
import static org.disktune.apply.SysfsMachine.SDA_SCHEDULER;
import static org.disktune.apply.SysfsMachine.SDB_SCHEDULER;
import static org.disktune.apply.SysfsMachine.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AttributeStepTest {
    JimfsMachine machine;
    final PlanExecutor executor = new PlanExecutor(PostconditionChecker.NONE);

    @BeforeEach
    void machine() throws IOException {
        machine = new JimfsMachine();
        SysfsMachine.disks(machine);
    }

    static WriteAttribute scheduler(String path, String device, String identity, String from, String to) {
        return new WriteAttribute(path, device, identity, from, to, device + ": " + to + " for its workload");
    }

    @Test
    void writesAttributesInOrderAndJournalsEachWithItsOldValue() throws IOException {
        Plan plan = Plan.of(scheduler(SDA_SCHEDULER, "sda", ID_A, "mq-deadline", "bfq"),
                new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "128", "4096", "sda: long sequential reads"),
                new WriteFile(CONF, null, OPTIONS, "options"));

        JournalEntry entry = executor.apply(machine.host, plan, "tune sda").orElseThrow();

        assertEquals("mq-deadline kyber [bfq] none\n", text(machine, SDA_SCHEDULER));
        assertEquals("4096\n", text(machine, SDA_READ_AHEAD));
        assertEquals("bfq", machine.host.readAttribute(SDA_SCHEDULER));
        assertEquals(new JournaledChange.AttributeWrite("sda: bfq for its workload", SDA_SCHEDULER, "sda", ID_A, "mq-deadline", "bfq"), entry.changes().get(0));
        assertEquals(List.of(CONF), entry.files().stream().map(FileRecord::path).toList(), "attributes are not backed up as files");
        JsonNode json = new ObjectMapper().readTree(machine.read("/var/lib/disktune/journal/" + entry.id() + ".json"));
        JsonNode first = json.get("changes").get(0);
        assertEquals("write-attribute", first.get("kind").asText());
        assertEquals("mq-deadline", first.get("old_value").asText());
        assertEquals("bfq", first.get("new_value").asText());
        assertEquals(ID_A, first.get("identity").asText());
        assertEquals(false, json.get("changes").get(2).has("old_value"), "file steps have no attribute fields");
        assertEquals(List.of(entry), new Journal(machine.host).entries());
    }

    @Test
    void schedulerTheKernelRefusesRollsBackEarlierAttributesAndFiles() throws IOException {
        List<String> before = machine.machineFiles();
        Plan plan = Plan.of(new WriteFile(CONF, null, OPTIONS, "options"),
                new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "128", "4096", "sda: long reads"),
                scheduler(SDA_SCHEDULER, "sda", ID_A, "mq-deadline", "none"),
                scheduler(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "cfq"));

        DisktuneException e = assertThrows(DisktuneException.class, () -> executor.apply(machine.host, plan, "tune"));

        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertEquals("writing cfq to /sys/block/sdb/queue/scheduler failed: Invalid argument; removed "
                + "/etc/modprobe.d/disktune.conf; set back /sys/block/sda/queue/scheduler to mq-deadline and "
                + "/sys/block/sda/queue/read_ahead_kb to 128", e.getMessage());
        assertEquals(List.of(CONF, SDA_SCHEDULER, SDA_READ_AHEAD), assertInstanceOf(ApplyFailure.class, e.getCause()).restoredPaths(),
                "in the order undo and rollback use: files, then attributes with every scheduler before the others (a switch resets "
                        + "nr_requests)");
        assertEquals(before, machine.machineFiles(), "every file and attribute as before, byte for byte");
        JournalEntry entry = new Journal(machine.host).newest().orElseThrow();
        assertEquals(EntryState.ROLLED_BACK, entry.state());
        assertEquals("writing cfq to /sys/block/sdb/queue/scheduler failed: Invalid argument", entry.failure());
    }

    @Test
    void anAttributeThatChangedSinceThePlanRefusesBeforeAnythingChanges() throws IOException {
        Plan plan = Plan.of(new WriteFile(CONF, null, OPTIONS, "options"), scheduler(SDA_SCHEDULER, "sda", ID_A, "mq-deadline", "bfq"));
        machine.write(SDA_SCHEDULER, "mq-deadline kyber bfq [none]\n");
        List<String> before = machine.snapshot();

        DisktuneException e = assertThrows(DisktuneException.class, () -> executor.apply(machine.host, plan, "tune"));

        assertEquals(ExitCode.ENVIRONMENT, e.exitCode());
        assertEquals("/sys/block/sda/queue/scheduler changed since the plan was made (it reads none, the plan expected "
                + "mq-deadline); run again", e.getMessage());
        assertEquals(before, machine.snapshot(), "no file, attribute, journal entry or backup written");
    }

    @Test
    void twoWritesOfOneAttributeInAPlanChainTheirOldValues() throws IOException {
        Plan plan = Plan.of(new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "128", "256", "a"),
                new WriteAttribute(SDA_READ_AHEAD, "sda", ID_A, "256", "512", "b"));

        executor.apply(machine.host, plan, "twice");

        assertEquals("512\n", text(machine, SDA_READ_AHEAD));
    }

    @Test
    void undoSetsAttributesBack() throws IOException {
        List<String> before = machine.machineFiles();
        executor.apply(machine.host, Plan.of(new WriteFile(CONF, null, OPTIONS, "options"),
                scheduler(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "none")), "tune");

        new UndoExecutor().undo(machine.host, false).orElseThrow();

        assertEquals(before, machine.machineFiles());
    }

    @Test
    void rendersAnAttributeStepAsOldAndNewValue() {
        Plan plan = Plan.of(scheduler(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "none"));

        assertEquals("# sdb: none for its workload\n  /sys/block/sdb/queue/scheduler: mq-deadline -> none\n",
                new PlanRenderer().render(plan));
    }

    @Test
    void plansAreDataAndCompareEqual() {
        Plan a = Plan.of(new WriteFile(CONF, null, "x".getBytes(UTF_8), "r"),
                new Verify("holds", new ImageHolds(List.of("/boot/i.img"), List.of(CONF), List.of("dracut", "-f"))),
                scheduler(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "none"));
        Plan b = Plan.of(new WriteFile(CONF, null, "x".getBytes(UTF_8), "r"),
                new Verify("holds", new ImageHolds(List.of("/boot/i.img"), List.of(CONF), List.of("dracut", "-f"))),
                scheduler(SDB_SCHEDULER, "sdb", ID_B, "mq-deadline", "none"));

        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
    }
}
