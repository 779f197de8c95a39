/**
 * The workloads a benchmark runs, each like the public tool it stands for: on a block device, read only (sequential
 * and random O_DIRECT reads as fio does them, cached and buffered reads as hdparm -T and -t), and on a file system
 * under test, in one scratch directory removed afterwards (sequential write, rewrite and read, random read/write and
 * small files, as bonnie++ and sysbench fileio phases), with the free space checked before anything is written.
 */
package org.disktune.bench.workload;
