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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.bench.BenchResult;
import org.disktune.bench.WorkloadResult;
import org.disktune.bench.stats.Comparison;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Interval;
import org.disktune.bench.stats.MedianInterval;
import org.disktune.bench.stats.RatioInterval;
import org.disktune.bench.stats.Verdict;
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
 * Benchmark results as a PNG, so that a person sees the spread the seed reports argued about: a panel per workload
 * (each with its own unit, its scale from zero), and in it, per side, every trial as a point (run by run, each run's
 * trials left to right in the order they ran, so drift shows) and beside them the side's typical figure as a mark with
 * its interval as an error bar. Side A is blue, B orange. A side is one result or several separate runs of the same
 * settings: one run's mark is its median with the median's 95% interval ({@link MedianInterval}: exact order
 * statistics), several runs' the geometric mean of their medians with a bar from the lowest to the highest of them.
 * With two sides each panel says what {@code bench compare} says of that workload ({@link Comparison#compareRuns}),
 * coloured by the claim, and the legend names the settings in which the sides differ.
 *
 * <p>Drawn with JFreeChart (XY plots: {@link XYLineAndShapeRenderer} for the points, {@link XYErrorRenderer} for the
 * asymmetric interval), headless ({@link PanelGrid#headless()}, before any AWT class loads), the panels laid out by
 * {@link PanelGrid} as the heat map's are.
 */
public final class TrialPlot {
    static {
        PanelGrid.headless();
    }

    public static final int PANEL_WIDTH = 540;
    public static final int PANEL_HEIGHT = 380;
    public static final int COLUMNS = PanelGrid.COLUMNS;
    static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0xff7f0e)};
    static final String[] NAMES = {"A", "B"};
    static final Color BETTER = new Color(0x2ca02c);
    static final Color WORSE = new Color(0xd62728);
    static final Color NO_CHANGE = new Color(0x555555);
    private static final double POINTS_LEFT = -0.36;
    private static final double POINTS_WIDTH = 0.44;
    private static final double MEDIAN_AT = 0.2;

    private final List<List<BenchResult>> sides;
    private final Map<String, Verdict> verdicts = new LinkedHashMap<>();
    private final List<JFreeChart> charts = new ArrayList<>();
    private final PanelGrid grid;

    private TrialPlot(List<List<BenchResult>> sides) {
        this.sides = sides.stream().map(List::copyOf).toList();
        if (sides.size() == 2) {
            Comparison.compareRuns(sides.get(0), sides.get(1)).verdicts().forEach(v -> verdicts.put(v.workload(), v));
        }
        Map<String, String> units = new LinkedHashMap<>();
        sides.forEach(side -> side.forEach(result -> result.workloads().forEach(w -> units.putIfAbsent(w.name(), w.unit().label()))));
        units.forEach((name, unit) -> charts.add(chart(name, unit)));
        grid = new PanelGrid(charts, PANEL_WIDTH, PANEL_HEIGHT, true);
    }

    /** Result A alone. */
    public static TrialPlot of(BenchResult a) {
        return new TrialPlot(List.of(List.of(a)));
    }

    /** A and B side by side in every workload either has. */
    public static TrialPlot of(BenchResult a, BenchResult b) {
        return new TrialPlot(List.of(List.of(a), List.of(b)));
    }

    /**
     * Runs of A (at least one) beside runs of B, with bench compare's verdict per workload; A alone when B is empty.
     * Each side's runs are separate runs of the same settings.
     */
    public static TrialPlot of(List<BenchResult> a, List<BenchResult> b) {
        if (a.isEmpty()) {
            throw new IllegalArgumentException("side A of a plot needs at least one run");
        }
        return new TrialPlot(b.isEmpty() ? List.of(a) : List.of(a, b));
    }

    /** One chart per workload, in A's order (then B's workloads that A lacks): dataset 0 the trials, 1 the marks. */
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

    /**
     * The legend's name of a side: "A: ID (TARGET)" for a result alone; with two sides whose settings differ, those
     * settings ("A: read_ahead_kb 4096, 10 runs"); otherwise the runs' count and target.
     */
    String label(int index) {
        List<BenchResult> side = sides.get(index);
        BenchResult first = side.get(0);
        String settings = sides.size() == 2 ? differingSettings(first, sides.get(1 - index).get(0)) : "";
        if (!settings.isEmpty()) {
            return NAMES[index] + ": " + settings + (side.size() == 1 ? ", 1 run" : ", " + side.size() + " runs");
        }
        String target = first.target() == null ? "" : " (" + first.target() + ")";
        return NAMES[index] + ": " + (side.size() == 1 ? first.id() + target : side.size() + " runs" + target);
    }

    /** The values of this side's settings that the other side's differ from: "read_ahead_kb 4096" (queue/ dropped). */
    private static String differingSettings(BenchResult mine, BenchResult other) {
        List<String> parts = new ArrayList<>();
        new java.util.TreeMap<>(mine.settings()).forEach((key, value) -> {
            if (!value.equals(other.settings().get(key))) {
                parts.add(key.substring(key.lastIndexOf('/') + 1) + " " + value);
            }
        });
        return String.join(", ", parts);
    }

    private static List<double[]> runs(List<BenchResult> side, String workload) {
        return side.stream().flatMap(r -> r.workloads().stream().filter(w -> w.name().equals(workload)).findFirst().stream())
                .filter(w -> !w.trials().isEmpty()).map(WorkloadResult::values).toList();
    }

    /**
     * One run's median and its 95% interval; for several runs the geometric mean of their medians (the centre bench
     * compare's statistic uses) and the lowest and highest of them. Several runs get no interval of their own: with 2
     * runs a t interval of one side is many times wider than the comparison's (1 degree of freedom), which the panel's
     * verdict states instead.
     */
    private static Optional<Interval> mark(List<double[]> runs) {
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        if (runs.size() == 1) {
            double[] interval = MedianInterval.of(runs.get(0));
            return Optional.of(new Interval(RatioInterval.median(runs.get(0)), interval[0], interval[1]));
        }
        double[] medians = runs.stream().mapToDouble(RatioInterval::median).toArray();
        double centre = Math.exp(Arrays.stream(medians).map(Math::log).average().orElseThrow());
        return Optional.of(new Interval(centre, Arrays.stream(medians).min().orElseThrow(), Arrays.stream(medians).max().orElseThrow()));
    }

    private JFreeChart chart(String workload, String unit) {
        XYSeriesCollection trials = new XYSeriesCollection();
        YIntervalSeriesCollection marks = new YIntervalSeriesCollection();
        boolean severalRuns = false;
        for (int i = 0; i < sides.size(); i++) {
            XYSeries points = new XYSeries(label(i), false, true);
            YIntervalSeries mark = new YIntervalSeries(NAMES[i] + " typical figure and interval");
            List<double[]> runs = runs(sides.get(i), workload);
            severalRuns |= runs.size() > 1;
            double slot = POINTS_WIDTH / Math.max(1, runs.size());
            for (int r = 0; r < runs.size(); r++) {
                double[] values = runs.get(r);
                for (int t = 0; t < values.length; t++) {
                    points.add(i + POINTS_LEFT + slot * (r + 0.15 + 0.7 * (t + 0.5) / values.length), values[t]);
                }
            }
            int side = i;
            mark(runs).ifPresent(m -> mark.add(side + MEDIAN_AT, m.estimate(), m.low(), m.high()));
            trials.addSeries(points);
            marks.addSeries(mark);
        }

        SymbolAxis x = new SymbolAxis(null, java.util.Arrays.copyOf(NAMES, sides.size()));
        x.setRange(-0.5, sides.size() - 0.5);
        x.setGridBandsVisible(false);
        x.setTickLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        NumberAxis y = new NumberAxis(unit + " (higher is better)");
        y.setAutoRangeIncludesZero(true);

        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        XYErrorRenderer bars = new XYErrorRenderer();
        bars.setDrawXError(false);
        bars.setDrawYError(true);
        bars.setDefaultLinesVisible(false);
        bars.setDefaultShapesVisible(true);
        bars.setCapLength(12);
        bars.setErrorStroke(new BasicStroke(2.5f));
        for (int i = 0; i < sides.size(); i++) {
            Color c = COLOURS[i];
            dots.setSeriesPaint(i, new Color(c.getRed(), c.getGreen(), c.getBlue(), 150));
            dots.setSeriesShape(i, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
            bars.setSeriesPaint(i, c.darker());
            bars.setSeriesShape(i, new Rectangle2D.Double(-10, -2, 20, 4));
            bars.setSeriesVisibleInLegend(i, false);
        }

        XYPlot plot = new XYPlot(trials, x, y, dots);
        plot.setDataset(1, marks);
        plot.setRenderer(1, bars);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinesVisible(false);

        JFreeChart chart = new JFreeChart(workload, new Font(Font.SANS_SERIF, Font.BOLD, 15), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getLegend().setPosition(RectangleEdge.BOTTOM);
        chart.getLegend().setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        Verdict verdict = verdicts.get(workload);
        if (verdict != null) {
            TextTitle claim = new TextTitle(claim(verdict), new Font(Font.SANS_SERIF, Font.BOLD, 13));
            claim.setPaint(switch (verdict.direction()) {
                case BETTER -> BETTER;
                case WORSE -> WORSE;
                default -> NO_CHANGE;
            });
            chart.addSubtitle(claim);
        }
        String bar = severalRuns ? "bar: the runs' medians, lowest to highest" : "bar: median and its 95% interval";
        chart.addSubtitle(new TextTitle("dots: every trial, run by run; " + bar,
                new Font(Font.SANS_SERIF, Font.PLAIN, 11)));
        return chart;
    }

    /**
     * The verdict as a panel says it: "B vs A: worse, -83.8% [-85.7%, -81.7%] (99% interval)", "B vs A: no detectable
     * change, -1.9% [-9.6%, +6.5%] (99% interval)", "B vs A: cannot tell (one run on a side)".
     */
    String claim(Verdict verdict) {
        if (verdict.direction() == Direction.CANNOT_TELL) {
            return "B vs A: cannot tell (one run on a side)";
        }
        int level = sides.get(0).size() == 1 && sides.get(1).size() == 1 ? 95 : 99;
        Interval r = verdict.ratio();
        String numbers = percent(r.estimate()) + " [" + percent(r.low()) + ", " + percent(r.high()) + "] (" + level + "% interval)";
        return "B vs A: " + switch (verdict.direction()) {
            case BETTER -> "better, ";
            case WORSE -> "worse, ";
            default -> "no detectable change, ";
        } + numbers;
    }

    private static String percent(double ratio) {
        double p = Verdict.changePercent(ratio);
        return Double.isInfinite(p) ? "+inf%" : String.format(java.util.Locale.ROOT, "%+.1f%%", Math.round(p * 10) / 10.0 + 0.0);
    }
}
