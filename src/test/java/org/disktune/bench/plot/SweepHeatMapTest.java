package org.disktune.bench.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;

import javax.imageio.ImageIO;

import org.disktune.bench.Unit;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Interval;
import org.disktune.bench.stats.Verdict;
import org.disktune.bench.sweep.SweepPoint;
import org.disktune.bench.sweep.SweepReport;
import org.disktune.bench.sweep.SweepRow;
import org.junit.jupiter.api.Test;

/** The heat map of a sweep's table: which cell holds which ratio and mark (no pixels), then the PNG itself. */
class SweepHeatMapTest {
    static final SweepPoint NOW = new SweepPoint("none", null, 128);
    static final SweepPoint RA4096 = new SweepPoint("none", null, 4096);
    static final SweepPoint DEADLINE = new SweepPoint("mq-deadline", null, 128);
    static final SweepPoint DEADLINE1024 = new SweepPoint("mq-deadline", null, 1024);
    static final SweepPoint LEFT = new SweepPoint("bfq", null, 4096);
    static final List<String> WORKLOADS = List.of("seq-read-buffered", "rand-read-4k-qd4");

    static Verdict verdict(String workload, Unit unit, double estimate, double low, double high) {
        Interval i = new Interval(estimate, low, high);
        return new Verdict(workload, unit, 100, 100 * estimate, i, Direction.of(i));
    }

    static SweepRow row(SweepPoint p, Verdict seq, Verdict rand) {
        return new SweepRow(p, p.label(), List.of(seq, rand), seq.direction() == Direction.BETTER && rand.direction() != Direction.WORSE);
    }

    /** Three points measured, one left out, 4096 the confirmed winner. */
    static SweepReport report() {
        SweepRow ra = row(RA4096, verdict("seq-read-buffered", Unit.MB_S, 1.31, 1.2, 1.4), verdict("rand-read-4k-qd4", Unit.IOPS, 0.99, 0.95, 1.03));
        SweepRow deadline = row(DEADLINE, verdict("seq-read-buffered", Unit.MB_S, 1.02, 0.97, 1.06),
                verdict("rand-read-4k-qd4", Unit.IOPS, 0.8, 0.7, 0.9));
        SweepRow d1024 = row(DEADLINE1024, verdict("seq-read-buffered", Unit.MB_S, 1.1, 0.9, 1.2),
                verdict("rand-read-4k-qd4", Unit.IOPS, 1.0, 0.9, 1.1));
        return new SweepReport(SweepReport.SCHEMA_VERSION, "20250101T000000Z-loop3", "2025-01-01T00:00:00Z", "/dev/loop3", "loop3", null, NOW,
                WORKLOADS, 5, 1.0, List.of(ra, deadline, d1024), List.of(LEFT), ra, ra, RA4096, "winner", "j1", null, null);
    }

    @Test
    void everyPointHasItsCellWithItsRatioAndMark() {
        List<SweepHeatMap.Panel> panels = SweepHeatMap.panels(report());
        assertEquals(2, panels.size());
        SweepHeatMap.Panel seq = panels.get(0);
        assertEquals("seq-read-buffered", seq.workload());
        assertEquals(Unit.MB_S, seq.unit());
        assertEquals(List.of("bfq", "mq-deadline", "none"), seq.rows(), "schedulers sorted by name");
        assertEquals(List.of(128, 1024, 4096), seq.columns());
        assertEquals(5, seq.cells().size());

        SweepHeatMap.Cell winner = seq.cell(RA4096);
        assertEquals(2, winner.row());
        assertEquals(2, winner.column());
        assertEquals(1.31, winner.value());
        assertTrue(winner.significant());
        assertTrue(winner.winner());
        assertEquals("1.31*", winner.label());

        SweepHeatMap.Cell now = seq.cell(NOW);
        assertTrue(now.current());
        assertFalse(now.winner());
        assertEquals(1.0, now.value());
        assertEquals("now", now.label());
        assertEquals(List.of(2, 0), List.of(now.row(), now.column()));

        SweepHeatMap.Cell notSignificant = seq.cell(DEADLINE1024);
        assertFalse(notSignificant.significant(), "[0.9, 1.2] includes 1");
        assertEquals("1.10", notSignificant.label());
        assertFalse(notSignificant.winner());

        SweepHeatMap.Cell left = seq.cell(LEFT);
        assertTrue(left.leftOut());
        assertNull(left.ratio());
        assertTrue(Double.isNaN(left.value()));
        assertEquals("left out", left.label());
        assertNull(seq.cell(new SweepPoint("bfq", null, 128)), "a combination the sweep never planned has no cell");

        SweepHeatMap.Panel rand = panels.get(1);
        assertEquals(Unit.IOPS, rand.unit());
        assertEquals("0.80*", rand.cell(DEADLINE).label(), "significantly worse is marked too");
        assertEquals("0.99", rand.cell(RA4096).label());
        assertTrue(rand.cell(RA4096).winner(), "the winner is outlined in every panel");
    }

    @Test
    void queueDepthsGetRowsOfTheirOwn() {
        SweepPoint now = new SweepPoint("mq-deadline", 32, 128);
        SweepPoint qd1 = new SweepPoint("mq-deadline", 1, 128);
        SweepRow r = row(qd1, verdict("seq-read-buffered", Unit.MB_S, 0.5, 0.4, 0.6), verdict("rand-read-4k-qd4", Unit.IOPS, 0.5, 0.4, 0.6));
        SweepReport report = new SweepReport(1, "x", null, "/dev/sda", "sda", null, now, WORKLOADS, 5, 1.0, List.of(r), List.of(), null, null,
                null, "none", null, null, null);
        SweepHeatMap.Panel panel = SweepHeatMap.panels(report).get(0);
        assertEquals(List.of("mq-deadline qd=1", "mq-deadline qd=32"), panel.rows());
        assertEquals(0, panel.cell(qd1).row());
        assertFalse(panel.cells().stream().anyMatch(SweepHeatMap.Cell::winner), "no winner, no outline");
    }

    @Test
    void coloursRunFromRedThroughWhiteToBlue() {
        Color worse = SweepHeatMap.colour(0.7);
        Color same = SweepHeatMap.colour(1.0);
        Color better = SweepHeatMap.colour(1.3);
        assertTrue(worse.getRed() > worse.getBlue(), worse.toString());
        assertTrue(better.getBlue() > better.getRed(), better.toString());
        assertTrue(same.getRed() > 240 && same.getBlue() > 240, same.toString());
        assertEquals(SweepHeatMap.LEFT_OUT, SweepHeatMap.colour(Double.NaN));
        assertNotEquals(SweepHeatMap.colour(1.06), SweepHeatMap.colour(1.3), "a larger gain is a darker blue");
        assertEquals(SweepHeatMap.STEP_COLOURS[SweepHeatMap.STEP_COLOURS.length - 1], SweepHeatMap.colour(1e6));
    }

    @Test
    void thePngDecodesAtItsSizeAndShowsTheCellColours() throws IOException {
        SweepHeatMap map = SweepHeatMap.of(report());
        assertEquals(2, map.charts().size());
        assertEquals(2 * SweepHeatMap.PANEL_WIDTH, map.width());
        assertEquals(SweepHeatMap.PANEL_HEIGHT, map.height());
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        map.writePng(png);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png.toByteArray()));
        assertEquals(map.width(), image.getWidth());
        assertEquals(map.height(), image.getHeight());
        assertTrue(count(image, SweepHeatMap.STEP_COLOURS[SweepHeatMap.STEP_COLOURS.length - 1]) > 1000, "the winner's dark blue cell");
        assertTrue(count(image, SweepHeatMap.LEFT_OUT) > 1000, "the grey cell left out");
        if (System.getProperty("heatmap.png") != null) {
            java.nio.file.Files.write(java.nio.file.Path.of(System.getProperty("heatmap.png")), png.toByteArray());
        }
    }

    private static int count(BufferedImage image, Color colour) {
        int n = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                if ((image.getRGB(x, y) & 0xffffff) == (colour.getRGB() & 0xffffff)) {
                    n++;
                }
            }
        }
        return n;
    }
}
