package org.disktune.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.disktune.bench.Unit;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Interval;
import org.disktune.bench.stats.Verdict;
import org.junit.jupiter.api.Test;

class TunedSectionTest {
    private static final String ID = "ata-WDC_WD1500ADFD-00NLR1_WD-WMAP41173675";
    private static final List<Verdict> VERDICTS = List.of(
            new Verdict("seq-read-buffered", Unit.MB_S, 100, 112, new Interval(1.12, 1.05, 1.2), Direction.BETTER),
            new Verdict("rand-read-4k-qd4", Unit.IOPS, 100, 99, new Interval(0.99, 0.97, 1.02), Direction.NONE));
    private static final String SECTION = TunedSection.render(ID, "sdb", new SweepPoint("bfq", 1, 4096), new SweepPoint("mq-deadline", 31, 128),
            VERDICTS, "2024-05-01T10:00:00Z");

    @Test
    void sectionMatchesByIdentityAndSaysWhereItCameFrom() {
        assertEquals("""
                [disk tuned-ata-WDC_WD1500ADFD-00NLR1_WD-WMAP41173675]
                # written by disktune tune on 2024-05-01T10:00:00Z: scheduler=bfq queue_depth=1 read_ahead_kb=4096
                # against the settings then (scheduler=mq-deadline queue_depth=31 read_ahead_kb=128), interleaved trials, 95% intervals:
                #   +12.0% [+5.0%, +20.0%] seq-read-buffered
                #   ~ -1.0% [-3.0%, +2.0%] rand-read-4k-qd4
                match.by-id = ata-WDC_WD1500ADFD-00NLR1_WD-WMAP41173675
                scheduler = bfq
                queue_depth = 1
                read_ahead_kb = 4096
                """, SECTION);
        assertEquals("tuned-scsi-SATA_disk_x", TunedSection.label("scsi-SATA_disk x"));
    }

    @Test
    void aDiskWithoutAStableIdentityIsMatchedByItsKernelName() {
        String section = TunedSection.render(null, "nullb0", new SweepPoint("none", null, 1024), new SweepPoint("none", null, 8),
                VERDICTS, "2024-05-01T10:00:00Z");
        assertEquals("[disk tuned-nullb0]", section.lines().findFirst().orElseThrow());
        assertEquals(List.of("match.name = nullb0", "scheduler = none", "read_ahead_kb = 1024"),
                section.lines().filter(l -> !l.startsWith("#") && !l.startsWith("[")).toList());
    }

    @Test
    void appendedAfterABlankLineOrIntoANewFile() {
        assertEquals(SECTION, TunedSection.merge(null, SECTION));
        assertEquals("[disk a]\nmatch.name = sda\n\n" + SECTION, TunedSection.merge("[disk a]\nmatch.name = sda\n", SECTION));
    }

    @Test
    void anEarlierSectionOfThatLabelIsReplacedAndNothingElse() {
        String before = "# mine\n[disk a]\nmatch.name = sda\n\n[disk tuned-" + ID + "]\n# old\nmatch.by-id = " + ID
                + "\nread_ahead_kb = 1024\n\n# the next one\n[disk b]\nmatch.name = sdb\n";
        String after = TunedSection.merge(before, SECTION);
        assertEquals("# mine\n[disk a]\nmatch.name = sda\n\n" + SECTION + "\n# the next one\n[disk b]\nmatch.name = sdb\n", after);
        assertEquals(after, TunedSection.merge(after, SECTION), "writing the same section again changes nothing");
        String last = "[disk a]\nmatch.name = sda\n\n[disk tuned-" + ID + "]\nread_ahead_kb = 1024\n";
        assertEquals("[disk a]\nmatch.name = sda\n\n" + SECTION, TunedSection.merge(last, SECTION));
    }
}
