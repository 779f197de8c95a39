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
        assertEquals("MB/s", seqRead.getXYPlot().getRangeAxis().getLabel());
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
}
