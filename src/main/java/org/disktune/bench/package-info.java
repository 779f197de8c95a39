/**
 * Benchmarks that prove a gain: workloads like hdparm -t/-T, fio's O_DIRECT reads and bonnie++/sysbench file
 * phases ({@code workload}, over the host; raw devices are only read), statistics that claim a change only when the
 * data shows it ({@code stats}, pure), results stored with the settings in force ({@code store}), and the service
 * that runs trials repeated and interleaved. Above tuning and apply: it never changes a setting itself.
 */
package org.disktune.bench;
