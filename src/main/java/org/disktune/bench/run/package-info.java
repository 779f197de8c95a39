/**
 * Running benchmarks: the target a user names resolved to a block device or a directory (or a one-line error),
 * the workloads of a profile run with warm-up trials and interleaved measured trials ({@link
 * org.disktune.bench.run.BenchRunner}), results stored with the settings in force, and the before/after of
 * {@code apply --bench} and {@code verify --bench} ({@link org.disktune.bench.run.BeforeAfter}).
 */
package org.disktune.bench.run;
