package org.disktune.bench.plot;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import org.disktune.bench.Unit;
import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Interval;
import org.disktune.bench.stats.Verdict;
import org.disktune.bench.sweep.SweepPoint;
import org.disktune.bench.sweep.SweepReport;
import org.disktune.bench.sweep.SweepRow;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;

/**
 * The table of a {@code disktune tune} sweep ({@link SweepReport}) as a heat map PNG: one panel per workload measured;
 * in each, one row per scheduler (with the queue depth when the sweep varied it) and one column per read_ahead_kb, each
 * cell coloured by the point's ratio to the current settings (measured interleaved with it, the same number as the
 * table's percentage: the Hodges-Lehmann ratio of {@link org.disktune.bench.stats.RatioInterval}, which estimates the
 * ratio of the medians), labelled with that ratio and a star when the verdict is significant (its 95% interval
 * excludes 1), the current settings' cell labelled "now", the winner outlined in black, points the budget left out grey.
 * Blue is faster than now, red slower (all sweep workloads are higher-is-better: MB/s and IOPS).
 *
 * <p>The cells come from {@link #panels(SweepReport)}, a data model tested apart from the pixels. Drawn by {@link HeatMapChart} with JFreeChart
 * ({@link XYBlockRenderer} with a {@link LookupPaintScale}, text and outline annotations), headless like
 * {@link TrialPlot}.
 */
public final class SweepHeatMap {
    static {
        PanelGrid.headless();
    }

    public static final int PANEL_WIDTH = 460;
    /** The height of a panel with up to four rows; each further row adds {@link #ROW_HEIGHT}. */
    public static final int PANEL_HEIGHT = 360;
    public static final int ROW_HEIGHT = 40;
    public static final int COLUMNS = PanelGrid.COLUMNS;
    /** The colour of a cell whose point the budget left out. */
    static final Color LEFT_OUT = new Color(0xd9d9d9);
    /** Ratio bounds of the colour steps: below 1 red, above 1 blue, white within 1% of 1. */
    static final double[] STEPS = {0, 0.8, 0.9, 0.95, 0.99, 1.01, 1.05, 1.1, 1.25};
    static final Color[] STEP_COLOURS = {new Color(0xb2182b), new Color(0xd6604d), new Color(0xf4a582), new Color(0xfddbc7),
        new Color(0xf7f7f7), new Color(0xd1e5f0), new Color(0x92c5de), new Color(0x4393c3), new Color(0x2166ac)};
    private static final double CAP = 1e6;

    /**
     * One cell: the point, its place (row and column index in the panel), the ratio to the current settings with its
     * 95% interval (null for the current settings' own cell and for a point left out), whether the interval excludes 1,
     * and whether the point is the current settings, the winner, or was left out by the budget.
     */
    public record Cell(SweepPoint point, int row, int column, Interval ratio, boolean significant, boolean current, boolean winner,
            boolean leftOut) {
        /** "1.08*" (star: significant), "0.97", "now" for the current settings, "left out". */
        public String label() {
            if (current) {
                return "now";
            }
            if (leftOut || ratio == null) {
                return "left out";
            }
            double r = ratio.estimate();
            String number = Double.isInfinite(r) ? "inf" : String.format(Locale.ROOT, r >= 10 ? "%.1f" : "%.2f", r);
            return number + (significant ? "*" : "");
        }

        /** The figure the colour stands for: the ratio, 1 for the current settings, NaN (grey) when not measured. */
        public double value() {
            return current ? 1.0 : ratio == null ? Double.NaN : Math.min(ratio.estimate(), CAP);
        }
    }

    /** One workload's panel: its row labels (top to bottom), column values (read_ahead_kb, left to right) and cells. */
    public record Panel(String workload, Unit unit, List<String> rows, List<Integer> columns, List<Cell> cells) {
        public Panel {
            rows = List.copyOf(rows);
            columns = List.copyOf(columns);
            cells = List.copyOf(cells);
        }

        /** The cell of {@code point}, or null when the sweep did not plan it. */
        public Cell cell(SweepPoint point) {
            return cells.stream().filter(c -> c.point().equals(point)).findFirst().orElse(null);
        }
    }

    private final SweepReport report;
    private final List<Panel> panels;
    private final List<JFreeChart> charts = new ArrayList<>();
    private final PanelGrid grid;

    private SweepHeatMap(SweepReport report) {
        this.report = report;
        this.panels = panels(report);
        for (Panel p : panels) {
            charts.add(HeatMapChart.chart(p, report));
        }
        grid = new PanelGrid(charts, PANEL_WIDTH, panelHeight(), true);
    }

    /** The heat map of a stored or fresh sweep. */
    public static SweepHeatMap of(SweepReport report) {
        return new SweepHeatMap(report);
    }

    /** "bfq" or, when the sweep varied the queue depth, "bfq qd=32". */
    static String rowLabel(SweepPoint p) {
        return p.queueDepth() == null ? p.scheduler() : p.scheduler() + " qd=" + p.queueDepth();
    }

    /**
     * The data behind the picture: a panel per workload of the report, in its order. Rows are the schedulers (with the
     * queue depth) of the current settings, the points measured and the points left out, sorted by name and depth;
     * columns their read_ahead_kb values ascending. Each point measured has its first run's verdict (the winner's
     * confirmation run is in the report's table and the panel's caption).
     */
    public static List<Panel> panels(SweepReport report) {
        List<SweepPoint> all = new ArrayList<>();
        all.add(report.baseline());
        report.rows().forEach(r -> all.add(r.point()));
        all.addAll(report.leftOut());
        TreeSet<SweepPoint> rowKeys = new TreeSet<>(Comparator.comparing(SweepPoint::scheduler)
                .thenComparing(p -> p.queueDepth() == null ? 0 : p.queueDepth()));
        TreeSet<Integer> columns = new TreeSet<>();
        for (SweepPoint p : all) {
            rowKeys.add(new SweepPoint(p.scheduler(), p.queueDepth(), 0));
            columns.add(p.readAheadKb());
        }
        List<String> rows = rowKeys.stream().map(SweepHeatMap::rowLabel).toList();
        List<Integer> columnList = List.copyOf(columns);
        List<Panel> panels = new ArrayList<>();
        for (int w = 0; w < report.workloads().size(); w++) {
            List<Cell> cells = new ArrayList<>();
            Unit unit = null;
            Map<SweepPoint, Cell> byPoint = new LinkedHashMap<>();
            for (SweepPoint p : all) {
                if (byPoint.containsKey(p)) {
                    continue;
                }
                int row = rows.indexOf(rowLabel(p));
                int column = columnList.indexOf(p.readAheadKb());
                boolean winner = p.equals(report.winner());
                SweepRow measured = report.rows().stream().filter(r -> r.point().equals(p)).findFirst().orElse(null);
                Cell cell;
                if (p.equals(report.baseline())) {
                    cell = new Cell(p, row, column, null, false, true, false, false);
                } else if (measured == null) {
                    cell = new Cell(p, row, column, null, false, false, winner, true);
                } else {
                    Verdict v = measured.verdicts().get(w);
                    unit = v.unit();
                    cell = new Cell(p, row, column, v.ratio(), v.direction() != Direction.NONE, false, winner, false);
                }
                byPoint.put(p, cell);
                cells.add(cell);
            }
            panels.add(new Panel(report.workloads().get(w), unit, rows, columnList, cells));
        }
        return List.copyOf(panels);
    }

    /** The colour scale of the cells: {@link #STEPS} to {@link #STEP_COLOURS}, grey for a cell not measured. */
    static PaintScale paintScale() {
        return paintScale(0, CAP * 2);
    }

    /** The colour scale from {@code lower} to {@code upper} (the legend shows a part of it). */
    static PaintScale paintScale(double lower, double upper) {
        LookupPaintScale scale = new LookupPaintScale(lower, upper, LEFT_OUT);
        for (int i = 0; i < STEPS.length; i++) {
            scale.add(STEPS[i], STEP_COLOURS[i]);
        }
        return scale;
    }

    /** The cell colour of {@code value} (a ratio; NaN: not measured). */
    static Color colour(double value) {
        return Double.isNaN(value) ? LEFT_OUT : (Color) paintScale().getPaint(value);
    }

    public List<Panel> panels() {
        return panels;
    }

    public List<JFreeChart> charts() {
        return List.copyOf(charts);
    }

    public int columns() {
        return grid.columns();
    }

    public int width() {
        return grid.width();
    }

    /** The height of one panel: taller when the sweep has more than four rows. */
    public int panelHeight() {
        int rows = panels.isEmpty() ? 0 : panels.get(0).rows().size();
        return PANEL_HEIGHT + Math.max(0, rows - 4) * ROW_HEIGHT;
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

    @Override
    public String toString() {
        return "SweepHeatMap[" + Objects.toString(report.id()) + ", " + panels.size() + " panels]";
    }
}
