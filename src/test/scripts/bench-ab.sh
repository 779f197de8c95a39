#!/usr/bin/env bash
# bench-ab.sh - does disktune's comparison claim a change only when there is one?
#
# Usage: src/test/scripts/bench-ab.sh [-n COMPARISONS] [-t TRIAL_SECONDS]
#   -n   comparisons per experiment (default 20)
#   -t   seconds per trial (default 0.3); each comparison is 1 warm-up and 5 trials per side
#
# On a loop device backed by a 512 MiB temporary file of random data, each comparison interleaves
# its trials as the statistics assume (A B B A A B ..., the setting switched before every trial and
# the order alternating, so that neither side is always second; the
# test-scope runner org.disktune.bench.workload.AbExperimentMain does this with disktune's own
# workloads and its Verdict), then counts the comparisons that claim a change:
#   A/A  the same setting on both sides: a claimed change is a false alarm; the interval's coverage
#        (about 97% at 5 trials per side) promises at most about 1 in 20;
#        seq-read-direct with max_sectors_kb as it is, and seq-read-buffered with read_ahead_kb 128;
#   A/B  seq-read-direct with max_sectors_kb 4 against the device's own (the same 2 MiB reads cut into
#        4 KiB requests or large ones): a real difference, to be claimed every time;
#   A/B  seq-read-buffered with read_ahead_kb 8 against 4096, the issue's first choice: on Linux
#        5.x/6.x a 2 MiB read is split by the device's request size, not by its readahead
#        (mm/readahead.c force_page_cache_ra uses max(io_pages, ra_pages)), so this is hardly a
#        difference for hdparm -t-like reads any more (on 2.6 kernels it was: the third seed report's
#        hdparm -a 8192); printed as a control.
# The loop device is removed at the end and every setting put back. Needs root and `mvn package`
# (the classpath is built into target/cp.txt). Not a test: nothing is asserted; docs/performance.md quotes a run.
set -euo pipefail
cd "$(dirname "$0")/../../.."

N=20
TRIAL=0.3
while getopts "n:t:" o; do
  case "$o" in
    n) N=$OPTARG ;;
    t) TRIAL=$OPTARG ;;
    *) exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "bench-ab: needs root (loop device, sysfs)" >&2; exit 4; }
[ -d target/test-classes ] || { echo "bench-ab: run mvn -q -B package -DskipTests first" >&2; exit 4; }
[ -f target/cp.txt ] || mvn -q -B -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt >/dev/null

img=$(mktemp /var/tmp/disktune-bench-ab.XXXXXX)
dev=""
cleanup() {
  [ -n "$dev" ] && losetup --detach "$dev" 2>/dev/null || true
  rm -f "$img"
}
trap cleanup EXIT
head -c $((512 << 20)) /dev/urandom > "$img"
dev=$(losetup --find --show "$img")
name=${dev#/dev/}
max=$(cat "/sys/block/$name/queue/max_sectors_kb")

experiment() { # workload attribute value-a value-b
  java -cp "target/classes:target/test-classes:$(cat target/cp.txt)" org.disktune.bench.workload.AbExperimentMain \
    "$dev" "$1" "$2" "$3" "$4" "$N" 5 "$TRIAL"
}

echo "loop device $dev (512 MiB of random data), $N comparisons each, 1 warm-up + 5 trials per side of $TRIAL s, interleaved"
experiment seq-read-direct max_sectors_kb "$max" "$max"
experiment seq-read-buffered read_ahead_kb 128 128
experiment seq-read-direct max_sectors_kb 4 "$max"
experiment seq-read-buffered read_ahead_kb 8 4096
