#!/usr/bin/env bash
# bench-speed.sh - the speed budget (docs/performance.md) in one run, each as a ratio of paired runs (A B A B ...).
#
# Usage: [DISKTUNE=LAUNCHER] src/test/scripts/bench-speed.sh [-n PAIRS] [--parts LIST] [--images-only]
#   --parts LIST    which comparisons, comma-separated: start,verify,detect,list,kernel-log (default: all)
#   DISKTUNE        the launcher to measure (default target/disktune; /usr/sbin/disktune for the installed package)
#   -n PAIRS        timed pairs per comparison (default 10; one warm-up pair is not counted)
#   --images-only   build (once) the four benchmark images and stop
#
# Every disktune figure is taken through target/disktune, the launcher the package installs as /usr/sbin/disktune,
# with its flags and class-data archive (mvn -B -o package -DskipTests makes both). A and B run in turn, one pair
# after the other, so that the load of a shared machine falls on both alike; the ratio quoted is the median of the
# per-pair ratios of wall times. hyperfine (apt-get install hyperfine) runs each command's runs in a block, not in
# pairs, so this script uses its own loop (date +%s%N around each run, output to /dev/null).
#
#   comparison                                           A                              B               target
#   --version                                            disktune --version             java -cp T Hello   <= 1.5
#   verify, nothing to verify (this machine, no          disktune verify                java -cp T Hello   <= 2.0
#     /etc/disktune/disktune.conf, no /etc/modprobe.d/disktune.conf; skipped otherwise)
#   warm verify (a --root tree: a configuration, disktune's modprobe file and the stock initramfs-tools image,
#     after one verify that remembered the image's verdict)  disktune --root TREE verify  Hello      <= 2.5
#   detect on this machine and on each bundled sample    disktune [--sample S] detect   Hello     (no target)
#   initramfs list, per image                            disktune initramfs list IMG    lsinitramfs IMG    <= 1.0
#                                                                                       lsinitrd IMG       <= 1.0
#     (lsinitramfs and lsinitrd run with chroot in the Debian roots of debian-roots.sh; lsinitrd of dracut 059 lists
#     only the early microcode of an image that has some, so that pair is skipped there) and peak RSS <= 64 MiB
#   kernel-log on a generated million-line log           lines / (wall(big log) - wall(5-line log)) >= 1,000,000/s
#
# Hello is Hello.java compiled into a temporary directory with the javac of the java on PATH. The images are built
# once in the cached roots (var/tmp/disktune-bench): stock initramfs-tools (mkinitramfs, MODULES=most, zstd, the two
# early microcode archives in front), dracut --no-hostonly with --gzip, --zstd and --xz. Needs root (chroot, the
# roots), GNU time (/usr/bin/time) for peak RSS. Not a test: nothing is asserted; it prints figures and verdicts.
set -euo pipefail
cd "$(dirname "$0")/../../.."

PAIRS=10
IMAGES_ONLY=0
PARTS=start,verify,detect,list,kernel-log
while [ $# -gt 0 ]; do
  case "$1" in
    -n) PAIRS=$2; shift 2 ;;
    --parts) PARTS=$2; shift 2 ;;
    --images-only) IMAGES_ONLY=1; shift ;;
    *) echo "usage: $0 [-n PAIRS] [--parts LIST] [--images-only]" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "bench: needs root (chroot into the Debian roots)" >&2; exit 4; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing: apt-get install -y time" >&2; exit 4; }

mapfile -t roots < <(src/test/scripts/debian-roots.sh all)
ITR=${roots[0]}   # initramfs-tools root
DRR=${roots[1]}   # dracut root
KVER=$(sed -n 's/^kernel: //p' "$ITR/.disktune-root")
in_root() { local root=$1; shift; chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }

# The four images, built once.
mkdir -p "$ITR/var/tmp/disktune-bench" "$DRR/var/tmp/disktune-bench"
if [ ! -s "$ITR/var/tmp/disktune-bench/stock-initramfs-tools.img" ]; then
  echo "bench: building the stock initramfs-tools image (once)" >&2
  in_root "$ITR" mkinitramfs -o /var/tmp/disktune-bench/stock-initramfs-tools.img "$KVER"
fi
for c in gzip zstd xz; do
  if [ ! -s "$DRR/var/tmp/disktune-bench/generic-dracut-$c.img" ]; then
    echo "bench: building the generic dracut --$c image (once)" >&2
    unshare --mount --propagation private --mount-proc="$DRR/proc" chroot "$DRR" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
      dracut -q --no-hostonly "--$c" -f "/var/tmp/disktune-bench/generic-dracut-$c.img" "$KVER"
  fi
done
IMAGES=("$ITR/var/tmp/disktune-bench/stock-initramfs-tools.img" "$DRR/var/tmp/disktune-bench/generic-dracut-gzip.img"
  "$DRR/var/tmp/disktune-bench/generic-dracut-zstd.img" "$DRR/var/tmp/disktune-bench/generic-dracut-xz.img")
[ "$IMAGES_ONLY" = 0 ] || { printf '%s\n' "${IMAGES[@]}"; exit 0; }

DT=${DISKTUNE:-$PWD/target/disktune}
[ -x "$DT" ] || { echo "bench: no $DT: build first (mvn -B -o package -DskipTests)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/disktune-bench-speed.XXXXXX")
trap 'rm -rf "$work"' EXIT

JAVA=$(readlink -f "$(command -v java)")
mkdir -p "$work/hello"
printf 'public class Hello {\n    public static void main(String[] args) {\n        System.out.println("Hello");\n    }\n}\n' >"$work/Hello.java"
"$(dirname "$JAVA")/javac" -d "$work/hello" "$work/Hello.java"
HELLO=(java -cp "$work/hello" Hello)

now_ns() { date +%s%N; }
want() { case ",$PARTS," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
# pair NAME TARGET OP A... -- B...: PAIRS timed pairs after one warm-up pair; prints A's and B's median wall time
# and the median of the pair ratios A/B against TARGET (OP: le, at most; ge, at least; none, no target).
pair() {
  local name=$1 target=$2 op=$3; shift 3
  local a=() b=()
  while [ "$1" != -- ]; do a+=("$1"); shift; done; shift; b=("$@")
  "${a[@]}" >/dev/null 2>&1 || true; "${b[@]}" >/dev/null 2>&1 || true
  local i t0 t1 t2
  : >"$work/pairs"
  for i in $(seq "$PAIRS"); do
    t0=$(now_ns); "${a[@]}" >/dev/null 2>&1 || true; t1=$(now_ns); "${b[@]}" >/dev/null 2>&1 || true; t2=$(now_ns)
    echo "$((t1 - t0)) $((t2 - t1))" >>"$work/pairs"
  done
  awk -v name="$name" -v target="$target" -v op="$op" '
    function median(x, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
      return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2 }
    { n++; a[n] = $1 / 1e9; b[n] = $2 / 1e9; r[n] = $1 / $2 }
    END { ma = median(a, n); mb = median(b, n); mr = median(r, n)
      met = (op == "le") ? (mr <= target) : (mr >= target)
      if (op == "none") { printf "%-44s A %6.3f s  B %6.3f s  ratio %5.2f\n", name, ma, mb, mr; exit }
      printf "%-44s A %6.3f s  B %6.3f s  ratio %5.2f  target %s %.1f  %s\n", name, ma, mb, mr, (op == "le" ? "<=" : ">="), target, (met ? "met" : "NOT met") }' \
    "$work/pairs"
}
peak_rss_mib() { /usr/bin/time -f '%M' -o "$work/rss" "$@" >/dev/null 2>&1 || true; awk '{printf "%.1f", $1 / 1024}' "$work/rss"; }

echo "bench-speed: $PAIRS pairs per line; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start;" \
  "$("$JAVA" -version 2>&1 | head -1); $DT"
echo "A and B: median wall time of A's and of B's runs; ratio: median of the per-pair ratios A/B"
echo

if want start; then
pair "disktune --version / hello" 1.5 le "$DT" --version -- "${HELLO[@]}"
fi
if ! want verify; then
  :
elif [ -e /etc/disktune/disktune.conf ] || [ -e /etc/modprobe.d/disktune.conf ]; then
  echo "verify, nothing to verify: skipped (this machine has /etc/disktune/disktune.conf or /etc/modprobe.d/disktune.conf)"
else
  pair "disktune verify (nothing to verify) / hello" 2.0 le "$DT" verify -- "${HELLO[@]}"
fi

if want verify; then
# Warm verify: a tree with a configuration, disktune's modprobe file and an initramfs image holding another copy of it.
tree=$work/tree
mkdir -p "$tree/etc/disktune" "$tree/etc/modprobe.d" "$tree/boot" "$tree/lib/modules/$KVER" "$tree/sys" "$tree/proc"
cp src/deb/examples/disktune.conf "$tree/etc/disktune/disktune.conf"
echo "options sata_nv adma=1" >"$tree/etc/modprobe.d/disktune.conf"
cp "$ITR/boot/vmlinuz-$KVER" "$tree/boot/" 2>/dev/null || true
cp "${IMAGES[0]}" "$tree/boot/initrd.img-$KVER"
sleep 3   # verdicts are remembered only of an image whose last change is over 2 s old (coarse inode times)
"$DT" --root "$tree" verify >"$work/warm-verify.txt" 2>&1 || true
if grep -q initrd.img "$work/warm-verify.txt" && [ -d "$tree/var/cache/disktune/image-verdicts" ]; then
  pair "disktune verify (warm, 1 image) / hello" 2.5 le "$DT" --root "$tree" verify -- "${HELLO[@]}"
else
  echo "warm verify: the tree's verify did not check the image or remembered nothing:"; sed 's/^/  /' "$work/warm-verify.txt"
fi
fi

if want detect; then
pair "disktune detect (this machine) / hello" 0 none "$DT" detect -- "${HELLO[@]}"
for s in $("$DT" --sample 2>/dev/null | awk 'NR > 1 && !NF {exit} NR > 1 {print $1}'); do
  pair "disktune --sample $s detect / hello" 0 none "$DT" --sample "$s" detect -- "${HELLO[@]}"
done
echo
fi

want list || IMAGES=()
for image in "${IMAGES[@]}"; do
  name=$(basename "$image")
  rel=/var/tmp/disktune-bench/$name
  [ -f "$ITR$rel" ] || cp "$image" "$ITR$rel"
  [ -f "$DRR$rel" ] || cp "$image" "$DRR$rel"
  entries=$("$DT" initramfs list "$image" | awk '/^PATH / {p = 1; next} p && NF {n++} END {print n + 0}')
  echo "== $name: $(du -h "$image" | cut -f1); disktune lists $entries entries, lsinitramfs $(chroot "$ITR" lsinitramfs "$rel" 2>/dev/null | wc -l) lines," \
    "lsinitrd $(chroot "$DRR" lsinitrd "$rel" 2>/dev/null | wc -l) lines"
  pair "initramfs list / lsinitramfs" 1.0 le "$DT" initramfs list "$image" -- chroot "$ITR" lsinitramfs "$rel"
  if [ "$name" = stock-initramfs-tools.img ]; then
    echo "initramfs list / lsinitrd: skipped (lsinitrd lists only the early microcode of this image)"
  else
    pair "initramfs list / lsinitrd" 1.0 le "$DT" initramfs list "$image" -- chroot "$DRR" lsinitrd "$rel"
  fi
  rss=$(peak_rss_mib "$DT" initramfs list "$image")
  printf '%-44s disktune %s MiB, lsinitramfs %s MiB, lsinitrd %s MiB  target <= 64  %s\n' "peak RSS" "$rss" \
    "$(peak_rss_mib chroot "$ITR" lsinitramfs "$rel")" "$(peak_rss_mib chroot "$DRR" lsinitrd "$rel")" \
    "$(awk -v r="$rss" 'BEGIN {print (r <= 64 ? "met" : "NOT met")}')"
done
echo

if want kernel-log; then
# kernel-log: the million-line log of bench-kernel-log.sh against a five-line log (the JVM's start and the command's
# fixed work), paired; lines/s = lines / (median wall(big) - median wall(small)).
lines=1000000
src/test/scripts/kernel-log-sample.sh "$lines" >"$work/big.log"
head -5 "$work/big.log" >"$work/small.log"
pair "kernel-log 1M lines / kernel-log 5 lines" 0 ge "$DT" kernel-log "$work/big.log" -- "$DT" kernel-log "$work/small.log" \
  | sed 's/ratio.*//' >"$work/kl.txt"
cat "$work/kl.txt"
awk -v n="$lines" '{ for (i = 1; i <= NF; i++) if ($i == "A") a = $(i + 1); else if ($i == "B") b = $(i + 1) }
  END { r = n / (a - b); printf "%-44s %.0f lines/s  target >= 1000000  %s\n", "kernel-log throughput (JVM start excluded)", r, (r >= 1e6 ? "met" : "NOT met") }' "$work/kl.txt"
echo
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
