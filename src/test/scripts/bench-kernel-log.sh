#!/usr/bin/env bash
# bench-kernel-log.sh - throughput and memory of `disktune kernel-log FILE` on a large log.
#
# Usage: src/test/scripts/bench-kernel-log.sh [LINES] [HEAP]     (defaults: 1000000 lines, -Xmx64m)
#
# Writes a LINES-line dmesg-style log (timestamps, a boot every 5000 lines, ATA probe and link lines
# among filler) to a temporary file, then runs the real command line on it three times with a small
# heap: a bounded-memory reader finishes; one that keeps every line fails with OutOfMemoryError.
# Prints wall time, lines per second and peak RSS of each run. Needs target/disktune.jar
# (mvn -q -B package -DskipTests) and GNU time (/usr/bin/time, package "time") for the RSS.
set -euo pipefail
cd "$(dirname "$0")/../../.."
lines=${1:-1000000}
heap=${2:-64m}
jar=target/disktune.jar
[ -f "$jar" ] || { echo "build first: mvn -q -B package -DskipTests" >&2; exit 2; }
log=$(mktemp --suffix=.log)
trap 'rm -f "$log"' EXIT
src/test/scripts/kernel-log-sample.sh "$lines" >"$log"
echo "log: $lines lines, $(du -h "$log" | cut -f1), heap -Xmx$heap"
for run in 1 2 3; do
  start=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o /tmp/bench-rss.$$ java -Xmx"$heap" -jar "$jar" kernel-log "$log" > /dev/null
    rss="$(cat /tmp/bench-rss.$$) KiB peak RSS"
    rm -f /tmp/bench-rss.$$
  else
    java -Xmx"$heap" -jar "$jar" kernel-log "$log" > /dev/null
    rss="(no /usr/bin/time: RSS not measured)"
  fi
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" -v n="$lines" -v r="$rss" -v k="$run" \
    'BEGIN { printf "run %d: %.2f s, %.0f lines/s, %s\n", k, e - s, n / (e - s), r }'
done
