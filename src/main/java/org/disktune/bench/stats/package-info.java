/**
 * The statistics of benchmark comparisons, pure (no host): {@link org.disktune.bench.stats.RatioInterval} (the ratio
 * of two runs' typical figures with a distribution-free 95% confidence interval), {@link
 * org.disktune.bench.stats.Verdict} (the one-line claim it supports, never a bare percentage) and {@link
 * org.disktune.bench.stats.Comparison} (two stored runs, workload by workload, with notes on what differs).
 */
package org.disktune.bench.stats;
