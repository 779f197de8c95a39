package org.disktune.apply;

import static org.disktune.apply.PlanExecutorTest.CONF;
import static org.disktune.apply.PlanExecutorTest.OPTIONS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProgramSettingStepTest {
    static final String DISK = "/dev/disk/by-id/ata-WDC_WD7500AAKS-00RBA0_WD-WCAPT0000001";
    static final ProgramSetting WRITE_CACHE_OFF = new ProgramSetting(DISK, "sda", "ata-WDC_WD7500AAKS-00RBA0_WD-WCAPT0000001", "write_cache",
            "1", "0", List.of("hdparm", "-W0", DISK), List.of("hdparm", "-W1", DISK), "[disk wd] line 3: write_cache off");
    static final ProgramSetting STANDBY = new ProgramSetting(DISK, "sda", "ata-WDC_WD7500AAKS-00RBA0_WD-WCAPT0000001", "standby",
            null, "120", List.of("hdparm", "-S", "120", DISK), List.of(), "[disk wd] line 4: standby 120");
    static final ProgramSetting NOATIME = new ProgramSetting("/home", null, null, "atime", "relatime", "noatime",
            List.of("mount", "-o", "remount,noatime", "/home"), List.of("mount", "-o", "remount,relatime", "/home"),
            "[mount /home] line 7: atime noatime");

    JimfsMachine machine;
    final PlanExecutor executor = new PlanExecutor(PostconditionChecker.NONE);

    @BeforeEach
    void machine() {
        machine = new JimfsMachine();
    }

    @Test
    void runsTheProgramAndJournalsTheSettingWithItsUndo() {
        JournalEntry entry = executor.apply(machine.host, Plan.of(WRITE_CACHE_OFF, NOATIME), "apply").orElseThrow();
        assertEquals(List.of(WRITE_CACHE_OFF.argv(), NOATIME.argv()), machine.runner.calls());
        JournaledChange.SettingRun record = assertInstanceOf(JournaledChange.SettingRun.class, entry.changes().get(0));
        assertEquals(DISK, record.path());
        assertEquals("sda", record.device());
        assertEquals("write_cache", record.setting());
        assertEquals("1", record.oldValue());
        assertEquals(List.of("hdparm", "-W1", DISK), record.undoArgv());
        assertEquals(EntryState.APPLIED, entry.state());
    }

    @Test
    void aFailingStepPutsBackTheSettingsAlreadySetAndSaysWhichItCannot() throws IOException {
        machine.runner.exits(List.of("mount", "-o", "remount,noatime", "/home"), 32, "", "mount: /home: not mounted.\n");
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> executor.apply(machine.host, Plan.of(new WriteFile(CONF, null, OPTIONS, "options"), WRITE_CACHE_OFF, STANDBY, NOATIME),
                        "apply"));
        assertEquals(ExitCode.ROLLED_BACK, e.exitCode());
        assertEquals(List.of(WRITE_CACHE_OFF.argv(), STANDBY.argv(), NOATIME.argv(), List.of("hdparm", "-W1", DISK)),
                machine.runner.calls(), "the write cache is set back, newest first; the standby timer cannot be");
        assertTrue(e.getMessage().startsWith("mount -o remount,noatime /home exited 32"), e.getMessage());
        assertTrue(e.getMessage().contains("set back " + DISK + " write_cache to 1"), e.getMessage());
        assertTrue(e.getMessage().contains("could not set back " + DISK + " standby (the value before was unknown)"), e.getMessage());
        assertFalse(machine.exists(CONF), "the file is removed again");
    }

    @Test
    void rollbackRunsTheJournaledUndoProgramsAndReportsUnknownOldValues() {
        executor.apply(machine.host, Plan.of(WRITE_CACHE_OFF, STANDBY, NOATIME), "apply").orElseThrow();
        RollbackPlan rollback = new RollbackPlanner().plan(machine.host, Optional.empty(), false).orElseThrow();
        assertEquals(List.of(NOATIME.reversed(rollback.plan().changes().get(0).reason()).orElseThrow(),
                WRITE_CACHE_OFF.reversed(rollback.plan().changes().get(0).reason()).orElseThrow()), rollback.plan().changes());
        assertEquals(List.of("could not restore " + DISK + " standby: its value before disktune was unknown"), rollback.notRestored());
    }

    @Test
    void theOldValueIsKnownExactlyWhenThereIsAnUndoProgram() {
        assertThrows(IllegalArgumentException.class, () -> new ProgramSetting(DISK, "sda", null, "apm", null, "128",
                List.of("hdparm", "-B", "128", DISK), List.of("hdparm", "-B", "254", DISK), "r"));
        assertThrows(IllegalArgumentException.class, () -> new ProgramSetting(DISK, "sda", null, "apm", "254", "128",
                List.of("hdparm", "-B", "128", DISK), List.of(), "r"));
    }

    @Test
    void thePlanShowsTheProgramAndTheValueChange() {
        assertEquals("""
                # [disk wd] line 3: write_cache off
                $ hdparm -W0 %s
                  %s write_cache: 1 -> 0
                # [disk wd] line 4: standby 120
                $ hdparm -S 120 %s
                  %s standby: unknown -> 120
                """.formatted(DISK, DISK, DISK, DISK), new PlanRenderer().render(Plan.of(WRITE_CACHE_OFF, STANDBY)));
    }
}
