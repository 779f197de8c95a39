package org.disktune.bench.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.bench.BenchResult;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.stats.MedianInterval;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * One or two benchmark results as a PNG, so that a person sees the spread the seed reports argued about: a panel per
 * workload (each with its own unit and scale), and in it, per result, every trial as a point (left to right in the
 * order the trials ran, so drift shows) and beside them the median as a mark with its 95% confidence interval
 * ({@link MedianInterval}: exact order statistics) as an error bar. Result A is blue, B orange, side by side.
 *
 * <p>Drawn with JFreeChart (XY plots: {@link XYLineAndShapeRenderer} for the points, {@link XYErrorRenderer} for the
 * asymmetric interval), headless ({@link PanelGrid#headless()}, before any AWT class loads), the panels laid out by
 * {@link PanelGrid} as the heat map's are.
 */
public final class TrialPlot {
    static {
        PanelGrid.headless();
    }

    public static final int PANEL_WIDTH = 420;
    public static final int PANEL_HEIGHT = 340;
    public static final int COLUMNS = PanelGrid.COLUMNS;
    static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xff7f0e)};
    static final String[] NAMES = {"A", "B"};
    private static final double POINTS_LEFT = -0.32;
    private static final double POINTS_WIDTH = 0.4;
    private static final double MEDIAN_AT = 0.2;

    private final List<BenchResult> results;
    private final List<JFreeChart> charts = new ArrayList<>();
    private final PanelGrid grid;

    private TrialPlot(List<BenchResult> results) {
        this.results = List.copyOf(results);
        Map<String, String> units = new LinkedHashMap<>();
        for (BenchResult result : results) {
            for (WorkloadResult w : result.workloads()) {
                units.putIfAbsent(w.name(), w.unit().label());
            }
        }
        units.forEach((name, unit) -> charts.add(chart(name, unit)));
        grid = new PanelGrid(charts, PANEL_WIDTH, PANEL_HEIGHT, false);
    }

    /** Result A alone. */
    public static TrialPlot of(BenchResult a) {
        return new TrialPlot(List.of(a));
    }

    /** A and B side by side in every workload either has. */
    public static TrialPlot of(BenchResult a, BenchResult b) {
        return new TrialPlot(List.of(a, b));
    }

    /** One chart per workload, in A's order (then B's workloads that A lacks): dataset 0 the trials, 1 the medians. */
    public List<JFreeChart> charts() {
        return List.copyOf(charts);
    }

    public int columns() {
        return grid.columns();
    }

    public int width() {
        return grid.width();
    }

    public int height() {
        return grid.height();
    }

    /** The panels on a white image of {@link #width()} x {@link #height()}. */
    public BufferedImage image() {
        return grid.image();
    }

    /** The image as PNG. */
    public void writePng(OutputStream out) throws IOException {
        grid.writePng(out);
    }

    /** "A: ID (TARGET)". */
    String label(int index) {
        BenchResult r = results.get(index);
        return NAMES[index] + ": " + r.id() + (r.target() == null ? "" : " (" + r.target() + ")");
    }

    private JFreeChart chart(String workload, String unit) {
        XYSeriesCollection trials = new XYSeriesCollection();
        YIntervalSeriesCollection medians = new YIntervalSeriesCollection();
        for (int i = 0; i < results.size(); i++) {
            XYSeries points = new XYSeries(label(i), false, true);
            YIntervalSeries median = new YIntervalSeries(NAMES[i] + " median, 95% interval");
            Optional<WorkloadResult> w = results.get(i).workloads().stream().filter(r -> r.name().equals(workload)).findFirst();
            if (w.isPresent() && !w.get().trials().isEmpty()) {
                double[] values = w.get().values();
                for (int t = 0; t < values.length; t++) {
                    points.add(i + POINTS_LEFT + POINTS_WIDTH * (t + 0.5) / values.length, values[t]);
                }
                double[] interval = MedianInterval.of(values);
                median.add(i + MEDIAN_AT, w.get().median(), interval[0], interval[1]);
            }
            trials.addSeries(points);
            medians.addSeries(median);
        }

        SymbolAxis x = new SymbolAxis(null, java.util.Arrays.copyOf(NAMES, results.size()));
        x.setRange(-0.5, results.size() - 0.5);
        x.setGridBandsVisible(false);
        NumberAxis y = new NumberAxis(unit);
        y.setAutoRangeIncludesZero(false);

        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        XYErrorRenderer bars = new XYErrorRenderer();
        bars.setDrawXError(false);
        bars.setDrawYError(true);
        bars.setDefaultLinesVisible(false);
        bars.setDefaultShapesVisible(true);
        bars.setCapLength(10);
        bars.setErrorStroke(new BasicStroke(2f));
        for (int i = 0; i < results.size(); i++) {
            Color c = COLOURS[i];
            dots.setSeriesPaint(i, new Color(c.getRed(), c.getGreen(), c.getBlue(), 170));
            dots.setSeriesShape(i, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
            bars.setSeriesPaint(i, c);
            bars.setSeriesShape(i, new Rectangle2D.Double(-9, -2, 18, 4));
            bars.setSeriesVisibleInLegend(i, false);
        }

        XYPlot plot = new XYPlot(trials, x, y, dots);
        plot.setDataset(1, medians);
        plot.setRenderer(1, bars);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinesVisible(false);

        JFreeChart chart = new JFreeChart(workload, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.BOTTOM);
        TextTitle key = new TextTitle("points: trials in run order; bar: median, 95% interval", new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        chart.addSubtitle(key);
        return chart;
    }
}
