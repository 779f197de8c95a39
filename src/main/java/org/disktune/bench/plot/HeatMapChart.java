package org.disktune.bench.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;

import org.disktune.bench.plot.SweepHeatMap.Cell;
import org.disktune.bench.plot.SweepHeatMap.Panel;
import org.disktune.bench.sweep.SweepReport;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYShapeAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.DefaultXYZDataset;

/**
 * One panel of a {@link SweepHeatMap} drawn with JFreeChart: the cells as blocks of an {@link XYBlockRenderer} coloured
 * by the heat map's scale, each labelled, the current settings' cell dashed, the winner outlined in black, and a legend
 * of the scale below.
 */
final class HeatMapChart {
    private static final double NOT_MEASURED = -1;
    private static final double LEGEND_LOW = 0.7;
    private static final double LEGEND_HIGH = 1.35;

    private HeatMapChart() {
    }

    /** The panel's chart: its cells, their labels and outlines, the captions and the colour legend. */
    static JFreeChart chart(Panel panel, SweepReport report) {
        DefaultXYZDataset data = new DefaultXYZDataset();
        int n = panel.cells().size();
        double[][] xyz = new double[3][n];
        for (int i = 0; i < n; i++) {
            Cell c = panel.cells().get(i);
            xyz[0][i] = c.column();
            xyz[1][i] = c.row();
            xyz[2][i] = Double.isNaN(c.value()) ? NOT_MEASURED : c.value(); // the renderer skips NaN; below the scale is grey
        }
        data.addSeries(panel.workload(), xyz);

        SymbolAxis x = new SymbolAxis("read_ahead_kb", panel.columns().stream().map(String::valueOf).toArray(String[]::new));
        x.setRange(-0.5, panel.columns().size() - 0.5);
        x.setGridBandsVisible(false);
        SymbolAxis y = new SymbolAxis(null, panel.rows().toArray(String[]::new));
        y.setRange(-0.5, panel.rows().size() - 0.5);
        y.setInverted(true);
        y.setGridBandsVisible(false);

        XYBlockRenderer renderer = new XYBlockRenderer();
        renderer.setPaintScale(SweepHeatMap.paintScale());
        renderer.setBlockWidth(1.0);
        renderer.setBlockHeight(1.0);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        plot.setRangeAxisLocation(AxisLocation.TOP_OR_LEFT);

        Font plain = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        Font bold = new Font(Font.SANS_SERIF, Font.BOLD, 13);
        for (Cell c : panel.cells()) {
            XYTextAnnotation text = new XYTextAnnotation(c.label(), c.column(), c.row());
            text.setFont(c.significant() || c.current() ? bold : plain);
            text.setPaint(textColour(SweepHeatMap.colour(c.value())));
            plot.addAnnotation(text);
            if (c.current()) {
                plot.addAnnotation(new XYShapeAnnotation(new Rectangle2D.Double(c.column() - 0.46, c.row() - 0.46, 0.92, 0.92),
                        new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 3f}, 0f), Color.DARK_GRAY));
            }
            if (c.winner()) {
                plot.addAnnotation(new XYShapeAnnotation(new Rectangle2D.Double(c.column() - 0.46, c.row() - 0.46, 0.92, 0.92),
                        new BasicStroke(4f), Color.BLACK));
            }
        }

        String title = panel.workload() + (panel.unit() == null ? "" : " (" + panel.unit().label() + ")");
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        Font small = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
        chart.addSubtitle(new TextTitle("ratio to now (" + report.baseline().label() + "), interleaved", small));
        chart.addSubtitle(new TextTitle("* 95% interval excludes 1; outlined: " + (report.winner() == null ? "no winner"
                : "the winner, confirmed by a second run"), small));

        NumberAxis scaleAxis = new NumberAxis("ratio");
        scaleAxis.setRange(LEGEND_LOW, LEGEND_HIGH);
        scaleAxis.setTickLabelFont(small);
        scaleAxis.setLabelFont(small);
        PaintScaleLegend legend = new PaintScaleLegend(SweepHeatMap.paintScale(LEGEND_LOW, LEGEND_HIGH), scaleAxis);
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setMargin(new RectangleInsets(4, 40, 4, 40));
        legend.setStripWidth(10);
        legend.setSubdivisionCount(120);
        chart.addSubtitle(legend);
        return chart;
    }

    /** Black on light cells, white on dark ones (perceived luminance). */
    static Paint textColour(Color background) {
        double luminance = 0.299 * background.getRed() + 0.587 * background.getGreen() + 0.114 * background.getBlue();
        return luminance < 128 ? Color.WHITE : Color.BLACK;
    }
}
