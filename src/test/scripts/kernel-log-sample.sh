#!/bin/sh
# kernel-log-sample.sh LINES: a generated kernel log of LINES lines on stdout, for the kernel-log speed figures
# (bench-kernel-log.sh, bench-speed.sh): a Linux version line every 5,000 lines, an ATA device line with its NCQ depth
# every 1,000, SATA link lines and ext4 remount noise in between, with dmesg timestamps.
set -eu
awk -v n="${1:?usage: kernel-log-sample.sh LINES}" 'BEGIN {
  for (i = 0; i < n; i++) {
    stamp = sprintf("[%5d.%06d] ", int(i / 1000), i % 1000)
    if (i % 5000 == 0) print "[    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC"
    else if (i % 1000 == 1) printf "%sata%d.00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32), AA\n", stamp, int(i / 1000) % 8 + 1
    else if (i % 3 == 0) printf "%sata%d: SATA link up 3.0 Gbps (SStatus 123 SControl 300)\n", stamp, i % 8 + 1
    else printf "%sEXT4-fs (vda1): re-mounted %d. Quota mode: none.\n", stamp, i
  }
}'
