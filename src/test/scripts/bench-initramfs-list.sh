#!/usr/bin/env bash
# bench-initramfs-list.sh - how fast `disktune initramfs list` reads real images, next to the
# generators' own listers: lsinitramfs (initramfs-tools) and lsinitrd (dracut).
#
# Usage: src/test/scripts/bench-initramfs-list.sh [-n RUNS] [IMAGE...]
#   -n RUNS   timed runs per command (default 10; one warm-up run is not counted)
#   IMAGE     images to list; default: two real images built once (then reused) in the cached
#             Debian 12 roots of src/test/scripts/debian-roots.sh:
#               stock-initramfs-tools.img  mkinitramfs, stock config (MODULES=most, zstd) with the
#                                          two early microcode archives in front
#               generic-dracut.img         dracut --no-hostonly --gzip (all of dracut's default modules)
#
# For each image it times, with hyperfine when installed (apt-get install hyperfine), else a loop
# of `date +%s.%N`:
#   disktune     java -jar target/disktune.jar initramfs list IMAGE   (built with mvn package if missing)
#   lsinitramfs  chroot ROOT-initramfs-tools lsinitramfs IMAGE
#   lsinitrd     chroot ROOT-dracut lsinitrd IMAGE
# and prints the wall-time medians, the ratios disktune/lsinitramfs and disktune/lsinitrd, the
# median of `java -jar target/disktune.jar --version` (the JVM's start, no image work), and each
# command's peak RSS from one run under /usr/bin/time -v (apt-get install time). Output goes to
# /dev/null. Note: on an image with early archives lsinitrd (dracut 059) lists only the microcode,
# so it does less work there than the other two. Needs root (chroot) like debian-roots.sh.
# Not a test: timings depend on the machine; nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/../../.."

RUNS=10
if [ "${1:-}" = "-n" ]; then RUNS=$2; shift 2; fi
[ "$(id -u)" = 0 ] || { echo "bench: needs root (chroot into the Debian roots)" >&2; exit 4; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing: apt-get install -y time" >&2; exit 4; }

mapfile -t roots < <(src/test/scripts/debian-roots.sh all)
ITR=${roots[0]}   # initramfs-tools root
DRR=${roots[1]}   # dracut root
KVER=$(sed -n 's/^kernel: //p' "$ITR/.disktune-root")

[ -f target/disktune.jar ] || mvn -q -B package -DskipTests
JAR=$PWD/target/disktune.jar

images=("$@")
if [ ${#images[@]} -eq 0 ]; then
  mkdir -p "$ITR/var/tmp/disktune-bench" "$DRR/var/tmp/disktune-bench"
  if [ ! -s "$ITR/var/tmp/disktune-bench/stock-initramfs-tools.img" ]; then
    echo "bench: building the stock initramfs-tools image (once)" >&2
    chroot "$ITR" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin mkinitramfs -o /var/tmp/disktune-bench/stock-initramfs-tools.img "$KVER"
  fi
  if [ ! -s "$DRR/var/tmp/disktune-bench/generic-dracut.img" ]; then
    echo "bench: building the generic dracut image (once)" >&2
    unshare --mount --propagation private --mount-proc="$DRR/proc" chroot "$DRR" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
      dracut -q --no-hostonly --gzip -f /var/tmp/disktune-bench/generic-dracut.img "$KVER"
  fi
  images=("$ITR/var/tmp/disktune-bench/stock-initramfs-tools.img" "$DRR/var/tmp/disktune-bench/generic-dracut.img")
fi

# Each chroot sees the image under /var/tmp/disktune-bench (copied there when it lives elsewhere).
inside() {
  local root=$1 image=$2 name
  name=$(basename "$image")
  mkdir -p "$root/var/tmp/disktune-bench"
  [ "$(realpath "$image")" = "$(realpath -m "$root/var/tmp/disktune-bench/$name")" ] || cp "$image" "$root/var/tmp/disktune-bench/$name"
  echo "/var/tmp/disktune-bench/$name"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# time_cmd NAME CMD... -> prints "NAME MEDIAN_SECONDS"
time_loop() {
  local name=$1; shift
  "$@" >/dev/null 2>&1 || true
  for _ in $(seq "$RUNS"); do
    local t0 t1
    t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}'
  done | median | sed "s/^/$name /"
}

peak_rss_kb() { /usr/bin/time -v "$@" 2>&1 >/dev/null | sed -n 's/^\s*Maximum resident set size (kbytes): //p' | tail -1; }

echo "runs per command: $RUNS; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
# The JVM's share of disktune's time: the same jar doing no image work.
if command -v hyperfine >/dev/null; then
  csv=$(mktemp)
  hyperfine -N --style none --warmup 1 --runs "$RUNS" --export-csv "$csv" -n startup "java -jar $JAR --version" >/dev/null
  startup=$(awk -F, 'NR>1 {print $4}' "$csv"); rm -f "$csv"
else
  startup=$(time_loop startup java -jar "$JAR" --version | cut -d' ' -f2)
fi
printf 'JVM start (disktune --version) median %.3f s\n' "$startup"
for image in "${images[@]}"; do
  it_image=$(inside "$ITR" "$image"); dr_image=$(inside "$DRR" "$image")
  cmd_disktune=(java -jar "$JAR" initramfs list "$image")
  cmd_lsinitramfs=(chroot "$ITR" lsinitramfs "$it_image")
  cmd_lsinitrd=(chroot "$DRR" lsinitrd "$dr_image")
  echo
  echo "== $(basename "$image"): $(du -h "$image" | cut -f1), $("${cmd_disktune[@]}" | awk '/^ARCHIVE/ {a=1; next} a && NF==3 {printf "%s%s", s, $3; s="+"} /^$/ && a {exit}') archives"
  for c in disktune lsinitramfs lsinitrd; do
    declare -n cmd="cmd_$c"
    rc=0; "${cmd[@]}" >/dev/null 2>&1 || rc=$?
    printf '%-12s exit %s, %6s lines of output\n' "$c" "$rc" "$("${cmd[@]}" 2>/dev/null | wc -l)"
  done
  if command -v hyperfine >/dev/null; then
    csv=$(mktemp)
    hyperfine -N --style none --warmup 1 --runs "$RUNS" -i --export-csv "$csv" \
      -n disktune "${cmd_disktune[*]}" -n lsinitramfs "${cmd_lsinitramfs[*]}" -n lsinitrd "${cmd_lsinitrd[*]}" >/dev/null
    results=$(awk -F, 'NR>1 {print $1, $4}' "$csv"); rm -f "$csv"
  else
    results=$(time_loop disktune "${cmd_disktune[@]}"; time_loop lsinitramfs "${cmd_lsinitramfs[@]}"; time_loop lsinitrd "${cmd_lsinitrd[@]}")
  fi
  d=$(awk '$1=="disktune" {print $2}' <<<"$results")
  for c in disktune lsinitramfs lsinitrd; do
    declare -n cmd="cmd_$c"
    m=$(awk -v c="$c" '$1==c {print $2}' <<<"$results")
    ratio=""
    [ "$c" = disktune ] || ratio="disktune/$c $(awk -v d="$d" -v m="$m" 'BEGIN {printf "%.2f", d/m}')"
    printf '%-12s median %7.3f s   peak RSS %7s KiB   %s\n' "$c" "$m" "$(peak_rss_kb "${cmd[@]}")" "$ratio"
  done
done
