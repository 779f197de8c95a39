#!/usr/bin/env bash
# bench-plan-scale.sh - how planning grows with the configuration: times `disktune plan` once on generated
# configurations of 1,000, 4,000 and 20,000 [disk] sections (or the counts given) and prints milliseconds per
# section beyond a run with none of them (the JVM's start and the sample's own plan).
#
# Usage: src/test/scripts/bench-plan-scale.sh [--sample NAME | --root DIR] [SECTIONS...]
#   --sample NAME  the machine planned for (default seed-raid5-raptors: four disks and an md array)
#   --root DIR     a mounted root or a fixture tree instead of a sample (plan only reads it)
#   SECTIONS       section counts (default 1000 4000 20000)
#
# After `mvn -q -B package -DskipTests`; no root needed. Each configuration is the example configuration's [disk],
# [md] and [mount] sections (src/deb/examples/disktune.conf: they match the sample's raptor disks, its md7 and its
# /home; no [module], whose plan needs an initramfs generator) followed by N small sections for disks
# the machine lacks (`match.serial`, one setting): every one is matched against every disk, becomes a udev rule,
# and the rules file's diff grows with it. Written as `key=value` without blanks so that 20,000 sections stay
# under the configuration reader's 1 MiB limit (the script prints each file's size). Not a test: nothing is
# asserted; docs/performance.md quotes a run.
set -euo pipefail
cd "$(dirname "$0")/../../.."

target=(--sample seed-raid5-raptors)
case "${1:-}" in
  --sample) target=(--sample "$2"); shift 2 ;;
  --root) target=(--root "$2"); shift 2 ;;
esac
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 4000 20000)
launcher=target/disktune
[ -x "$launcher" ] || { echo "bench-plan-scale: $launcher is missing: run mvn -q -B package -DskipTests first" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "disktune: $("$launcher" --version); target: ${target[*]}; $(date -u '+%Y-%m-%d %H:%M UTC')"
printf '%8s %10s %9s %10s %5s %s\n' sections bytes seconds "ms/section" exit "plan lines"
base=
for n in 0 "${counts[@]}"; do
  conf="$work/plan-$n.conf"
  { sed -n '/^\[disk /,$p' src/deb/examples/disktune.conf; echo
    awk -v n="$n" 'BEGIN { for (i = 1; i <= n; i++) printf "[disk d%d]\nmatch.serial=S%d\nread_ahead_kb=256\n", i, i }'
  } > "$conf"
  start=$(date +%s.%N)
  set +e
  "$launcher" "${target[@]}" --config "$conf" plan > "$work/plan-$n.out" 2> "$work/plan-$n.err"
  rc=$?
  set -e
  end=$(date +%s.%N)
  seconds=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')
  [ -n "$base" ] || base=$seconds
  awk -v n="$n" -v b="$(stat -c %s "$conf")" -v t="$seconds" -v t0="$base" -v rc="$rc" -v lines="$(wc -l < "$work/plan-$n.out")" \
    'BEGIN { printf "%8d %10d %9.2f %10s %5d %s\n", n, b, t, n ? sprintf("%.3f", (t - t0) * 1000 / n) : "-", rc, lines }'
  if [ "$rc" -ne 0 ]; then
    echo "  plan exited $rc: $(head -c 400 "$work/plan-$n.err")" >&2
  fi
done
