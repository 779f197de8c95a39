#!/usr/bin/env bash
# known-truth-plot.sh - draws docs/images/known-truth-ab.png: `disktune bench plot` of an A/B on the known-truth device
# (null_blk with 40 ms per request, the capture in src/test/resources/known-truth/piix-2026-12-06-40ms; docs/testing.md,
# "Benchmarks on a device whose truth is known"): A the 10 base runs (read_ahead_kb 4096), B the 2 runs with
# read_ahead_kb 8. Buffered sequential reads lose their readahead window (expected x1/16 of base's requests in flight),
# O_DIRECT random reads do not read ahead (expected no change).
#
# Usage: [DISKTUNE=LAUNCHER] src/test/scripts/known-truth-plot.sh [OUT.png]   (from anywhere; default OUT: the docs image)
#   DISKTUNE  the launcher (default target/disktune, made by mvn -B package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../../.."
DISKTUNE=${DISKTUNE:-target/disktune}
OUT=${1:-docs/images/known-truth-ab.png}
K=src/test/resources/known-truth/piix-2026-12-06-40ms
[ -x "$DISKTUNE" ] || { echo "known-truth-plot: no $DISKTUNE; build it: mvn -B package -DskipTests" >&2; exit 4; }
runs() { ls "$K"/"$1"-*.json | sort -V | paste -sd, -; }
"$DISKTUNE" bench plot "$(runs base)" "$(runs ra8)" --out "$OUT" --force
