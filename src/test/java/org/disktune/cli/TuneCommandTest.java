package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.host.LoopDevice;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.disktune.testing.RemoveAddedState;

/**
 * disktune tune through the command line on a real loop device with a small budget and 0.1 s trials: the table as
 * JSON, every setting back afterwards, the sweep journaled; bad targets and budgets. What the sweep adds under
 * /var/lib/disktune is removed afterwards. Needs root.
 */
@ExtendWith(RemoveAddedState.class)
class TuneCommandTest {
    @TempDir
    Path dir;

    @Test
    @Tag("loop")
    void aSweepOfALoopDeviceGivesItsTableAndPutsEverySettingBack() throws IOException {
        try (LoopDevice loop = LoopDevice.attach(dir, 64)) {
            String[] original = {loop.queue("scheduler"), loop.queue("read_ahead_kb"), loop.queue("nr_requests")};
            Path conf = Files.writeString(dir.resolve("disktune.conf"), "[disk all]\nmatch.name = *\n");
            CliRun run = CliRun.run("--config", conf.toString(), "--json", "tune", "/dev/" + loop.name(), "--budget", "20s", "--trial-time",
                    "0.1");
            assertEquals(0, run.exitCode(), run.out() + run.err());
            JsonNode json = new ObjectMapper().readTree(run.out());
            assertEquals("[disk all]\nmatch.name = *\n", Files.readString(conf), "without --write the configuration is not touched");
            assertTrue(!json.hasNonNull("written"), run.out());
            assertTrue(Files.isRegularFile(RemoveAddedState.STATE.resolve("bench/tune/" + json.get("id").asText() + ".json")), "the table is stored: " + run.out());
            assertTrue(json.get("rows").size() >= 1, run.out());
            assertTrue(json.hasNonNull("conclusion"), run.out());
            assertTrue(json.hasNonNull("journal_from"), run.out());
            assertEquals(List.of(original), List.of(loop.queue("scheduler"), loop.queue("read_ahead_kb"), loop.queue("nr_requests")),
                    "every setting as before the sweep");
        }
    }

    @Test
    @Tag("root")
    void badTargetsAndBudgetsAreOneLineErrors() throws IOException {
        CliRun none = CliRun.run("tune");
        assertEquals(2, none.exitCode());
        assertEquals("disktune: tune needs a TARGET: a block device (/dev/sdb), or a directory on a disk's file system\n", none.err());
        // a directory is swept through its disk; a budget of 1 s fits no point (or the directory is on no disk), so nothing
        // is switched or written whichever it is here
        CliRun directory = CliRun.run("tune", dir.toString(), "--budget", "1s");
        assertEquals(2, directory.exitCode(), directory.err());
        assertTrue(directory.err().startsWith("disktune: --budget 1s fits no point") || directory.err().startsWith("disktune: " + dir
                + " is on no disk disktune can sweep"), directory.err());
        assertEquals(1, directory.err().lines().count(), directory.err());
        CliRun threads = CliRun.run("tune", dir.toString(), "--threads", "0");
        assertEquals("disktune: --threads 0 is outside 1..128; give e.g. --threads 16\n", threads.err());
        CliRun block = CliRun.run("tune", dir.toString(), "--block-size", "7k");
        assertEquals(2, block.exitCode());
        assertTrue(block.err().startsWith("disktune: --block-size 7k is not a power of two"), block.err());
        CliRun budget = CliRun.run("tune", "/dev/loop0", "--budget", "soon");
        assertEquals(2, budget.exitCode());
        assertEquals("disktune: --budget soon is not a duration; write e.g. 90s, 10m, 2m30s or 1h\n", budget.err());
    }
}
