package org.disktune.bench.plot;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

import javax.imageio.ImageIO;

import org.jfree.chart.JFreeChart;

/**
 * The layout the bench charts share: their panels (one {@link JFreeChart} each, all of one size) in rows of up to
 * {@link #COLUMNS}, left to right then top to bottom, drawn on a white image and written as PNG. Headless: {@link #headless()}
 * sets {@code java.awt.headless=true} unless the JVM was told otherwise; a chart class calls it in its first static
 * initializer, before any AWT class loads, so no display is needed.
 */
final class PanelGrid {
    /** Panels in a row at most. */
    static final int COLUMNS = 3;

    private final List<JFreeChart> charts;
    private final int panelWidth;
    private final int panelHeight;
    private final boolean antialiasText;

    /**
     * @param antialiasText whether text is drawn antialiased too (shapes always are)
     */
    PanelGrid(List<JFreeChart> charts, int panelWidth, int panelHeight, boolean antialiasText) {
        this.charts = List.copyOf(charts);
        this.panelWidth = panelWidth;
        this.panelHeight = panelHeight;
        this.antialiasText = antialiasText;
    }

    static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    int columns() {
        return Math.min(COLUMNS, Math.max(1, charts.size()));
    }

    int width() {
        return columns() * panelWidth;
    }

    int height() {
        return Math.max(1, (charts.size() + columns() - 1) / columns()) * panelHeight;
    }

    /** The panels on a white image of {@link #width()} x {@link #height()}. */
    BufferedImage image() {
        BufferedImage image = new BufferedImage(width(), height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            if (antialiasText) {
                g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            }
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width(), height());
            for (int i = 0; i < charts.size(); i++) {
                int x = (i % columns()) * panelWidth;
                int y = (i / columns()) * panelHeight;
                charts.get(i).draw(g, new Rectangle2D.Double(x, y, panelWidth, panelHeight));
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    /** The image as PNG. */
    void writePng(OutputStream out) throws IOException {
        if (!ImageIO.write(image(), "png", out)) {
            throw new IOException("no PNG writer in this JVM");
        }
    }
}
