package org.disktune.bench.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.stats.MedianInterval;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.junit.jupiter.api.Test;

/** The plot's data (one series per result, every trial, median and interval) and the PNG it writes. */
class TrialPlotTest {
    static BenchResult result(String id, double scale) {
        List<WorkloadResult> workloads = new ArrayList<>();
        String[] names = {"seq-write", "rewrite", "seq-read", "rand-rw", "small-files"};
        Unit[] units = {Unit.MB_S, Unit.MB_S, Unit.MB_S, Unit.IOPS, Unit.OPS_S};
        for (int w = 0; w < names.length; w++) {
            List<Trial> trials = new ArrayList<>();
            for (int t = 0; t < 9; t++) {
                trials.add(new Trial(scale * (100 * (w + 1) + (t * 37 % 9)), null, 0, 0, 1));
            }
            double[] sorted = trials.stream().mapToDouble(Trial::value).sorted().toArray();
            workloads.add(new WorkloadResult(names[w], units[w], trials, sorted[4], null));
        }
        return new BenchResult(BenchResult.SCHEMA_VERSION, id, "/srv", "vda", "virtio-x", "6.18", "boot", "2025-01-01T00:00:00Z",
                Profile.DEFAULT, Map.of("scheduler", "none"), workloads);
    }

    @Test
    void twoResultsGiveTwoSeriesOfEveryTrialAndTheirMedianIntervals() {
        BenchResult a = result("a1", 1);
        BenchResult b = result("b2", 1.1);
        TrialPlot plot = TrialPlot.of(a, b);
        assertEquals(5, plot.charts().size());
        JFreeChart seqRead = plot.charts().get(2);
        assertEquals("seq-read", seqRead.getTitle().getText());
        assertEquals("MB/s (higher is better)", seqRead.getXYPlot().getRangeAxis().getLabel());
        XYDataset trials = seqRead.getXYPlot().getDataset(0);
        assertEquals(2, trials.getSeriesCount());
        assertEquals("A: a1 (/srv)", trials.getSeriesKey(0));
        assertEquals("B: b2 (/srv)", trials.getSeriesKey(1));
        for (int s = 0; s < 2; s++) {
            double[] expected = (s == 0 ? a : b).workloads().get(2).values();
            double[] drawn = new double[trials.getItemCount(s)];
            for (int i = 0; i < drawn.length; i++) {
                drawn[i] = trials.getYValue(s, i);
                assertEquals(s, Math.round(trials.getXValue(s, i) + 0.1), "series " + s + " is drawn at its own place");
            }
            assertArrayEquals(expected, drawn, "every trial, in the order it ran");
        }
        YIntervalSeriesCollection medians = (YIntervalSeriesCollection) seqRead.getXYPlot().getDataset(1);
        assertEquals(2, medians.getSeriesCount());
        double[] interval = MedianInterval.of(b.workloads().get(2).values());
        assertEquals(b.workloads().get(2).median(), medians.getYValue(1, 0));
        assertEquals(interval[0], medians.getStartYValue(1, 0));
        assertEquals(interval[1], medians.getEndYValue(1, 0));
        assertEquals(1, TrialPlot.of(a).charts().get(0).getXYPlot().getDataset(0).getSeriesCount());
    }

    @Test
    void thePngHasThePanelsSize() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TrialPlot plot = TrialPlot.of(result("a1", 1), result("b2", 1.1));
        plot.writePng(out);
        byte[] png = out.toByteArray();
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        // five workloads: three columns, two rows
        assertEquals(3 * TrialPlot.PANEL_WIDTH, image.getWidth());
        assertEquals(2 * TrialPlot.PANEL_HEIGHT, image.getHeight());
        assertNotEquals(0xffffff, image.getRGB(TrialPlot.PANEL_WIDTH / 2, 12) & 0xffffff, "something is drawn (the first title)");
    }

    private static java.util.List<BenchResult> capture(String state, int runs) {
        java.nio.file.Path dir = java.nio.file.Path.of("src/test/resources/known-truth/piix-2026-12-06-40ms");
        org.disktune.bench.store.BenchStore store = new org.disktune.bench.store.BenchStore(null);
        return java.util.stream.IntStream.rangeClosed(1, runs).mapToObj(i -> store.loadFile(dir.resolve(state + "-" + i + ".json"),
                state + "-" + i)).toList();
    }

    @Test
    void severalRunsASideAreDrawnRunByRunWithTheComparisonsVerdict() {
        java.util.List<BenchResult> base = capture("base", 10);
        java.util.List<BenchResult> ra8 = capture("ra8", 2);
        TrialPlot plot = TrialPlot.of(base, ra8);
        assertEquals(java.util.List.of("seq-read-buffered", "rand-read-4k-qd32"),
                plot.charts().stream().map(c -> c.getTitle().getText()).toList());
        JFreeChart seq = plot.charts().get(0);
        XYDataset trials = seq.getXYPlot().getDataset(0);
        assertEquals("A: read_ahead_kb 4096, 10 runs", trials.getSeriesKey(0));
        assertEquals("B: read_ahead_kb 8, 2 runs", trials.getSeriesKey(1));
        assertEquals(base.stream().mapToInt(r -> r.workloads().get(0).trials().size()).sum(), trials.getItemCount(0), "every trial of every run");
        for (int i = 1; i < trials.getItemCount(0); i++) {
            org.junit.jupiter.api.Assertions.assertTrue(trials.getXValue(0, i) > trials.getXValue(0, i - 1), "run by run, left to right");
        }
        YIntervalSeriesCollection marks = (YIntervalSeriesCollection) seq.getXYPlot().getDataset(1);
        double[] medians = ra8.stream().mapToDouble(r -> r.workloads().get(0).median()).sorted().toArray();
        assertEquals(Math.sqrt(medians[0] * medians[1]), marks.getYValue(1, 0), 1e-9, "B's mark: the geometric mean of its runs' medians");
        assertEquals(medians[0], marks.getStartYValue(1, 0));
        assertEquals(medians[1], marks.getEndYValue(1, 0));

        // what bench compare says of the same runs, in the panel
        java.util.List<String> claims = plot.charts().stream().map(c -> ((org.jfree.chart.title.TextTitle) c.getSubtitle(1)).getText()).toList();
        assertEquals(java.util.List.of("B vs A: worse, -83.8% [-85.7%, -81.7%] (99% interval)",
                "B vs A: no detectable change, -1.9% [-9.6%, +6.5%] (99% interval)"), claims);
        assertEquals(TrialPlot.WORSE, ((org.jfree.chart.title.TextTitle) seq.getSubtitle(1)).getPaint());
    }
}
