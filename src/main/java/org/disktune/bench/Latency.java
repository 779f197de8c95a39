package org.disktune.bench;

/** Latency percentiles of one trial in microseconds (from an HdrHistogram of every I/O of the trial). */
public record Latency(double p50Us, double p99Us, double p999Us) {
}
