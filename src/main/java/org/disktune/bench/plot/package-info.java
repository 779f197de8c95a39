/**
 * Benchmark results as PNG charts, drawn headless with JFreeChart: every trial and the median with its confidence
 * interval per workload ({@link org.disktune.bench.plot.TrialPlot}), and a tuning sweep as a heat map of ratios to
 * the current settings ({@link org.disktune.bench.plot.SweepHeatMap}).
 */
package org.disktune.bench.plot;
