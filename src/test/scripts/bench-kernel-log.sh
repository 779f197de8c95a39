#!/usr/bin/env bash
# bench-kernel-log.sh - throughput and memory of `disktune kernel-log FILE` on a large log.
#
# Usage: src/test/scripts/bench-kernel-log.sh [LINES] [HEAP]     (defaults: 1000000 lines, -Xmx24m)
#
# Writes a LINES-line dmesg-style log (kernel-log-sample.sh: timestamps, a boot every 5000 lines, ATA probe and link
# lines among filler) to a temporary file, then runs the real command line through target/disktune (the launcher a
# user runs, its JVM flags and class-data archive) with the heap capped at HEAP (JAVA_TOOL_OPTIONS=-XmxHEAP): a
# bounded-memory reader finishes; one that keeps every line fails with OutOfMemoryError. Three runs, each paired with
# one on a 5-line log to take the JVM's start out; prints wall and CPU time (user+sys: the figure a loaded machine
# disturbs least), lines per second by each, and peak RSS. Needs `mvn -q -B package -DskipTests` and GNU time
# (/usr/bin/time, package "time").
set -euo pipefail
cd "$(dirname "$0")/../../.."
lines=${1:-1000000}
heap=${2:-24m}
dt=target/disktune
[ -x "$dt" ] || { echo "build first: mvn -q -B package -DskipTests" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install -y time" >&2; exit 2; }
log=$(mktemp --suffix=.log)
small=$(mktemp --suffix=.log)
times=$(mktemp)
trap 'rm -f "$log" "$small" "$times"' EXIT
src/test/scripts/kernel-log-sample.sh "$lines" >"$log"
src/test/scripts/kernel-log-sample.sh 5 >"$small"
echo "log: $lines lines, $(du -h "$log" | cut -f1), heap -Xmx$heap, through $dt; load average $(cut -d' ' -f1-3 /proc/loadavg)"
# one run: wall seconds, CPU seconds (user+sys), peak RSS in KiB
run() {
  JAVA_TOOL_OPTIONS="-Xmx$heap" /usr/bin/time -f '%e %U %S %M' -o "$times" "$dt" kernel-log "$1" >/dev/null 2>&1 \
    || { echo "disktune kernel-log $1 failed (heap -Xmx$heap too small?)" >&2; exit 1; }
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$times"
}
for k in 1 2 3; do
  read -r bw bc brss < <(run "$log")
  read -r sw sc srss < <(run "$small")
  awk -v k="$k" -v n="$lines" -v bw="$bw" -v bc="$bc" -v sw="$sw" -v sc="$sc" -v rss="$brss" 'BEGIN {
    dw = bw - sw; dc = bc - sc
    printf "run %d: %.2f s wall, %.2f s CPU (5-line log: %.2f s, %.2f s CPU): %.0f lines/s by wall, %.0f lines/s by CPU, JVM start excluded; peak RSS %d KiB\n",
      k, bw, bc, sw, sc, (dw > 0 ? n / dw : 0), (dc > 0 ? n / dc : 0), rss }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
