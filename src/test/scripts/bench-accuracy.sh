#!/usr/bin/env bash
# Accuracy of disktune's block workloads against fio, on the same loop device, paired in one run.
#
# Needs root, fio (apt-get install -y fio), java 17 and a build: mvn -B package -DskipTests (it also needs
# target/test-classes: the runner, org.disktune.bench.workload.BlockWorkloadMain, is test code until
# `disktune bench` exists).
#
#   src/test/scripts/bench-accuracy.sh [--rounds N] [--seconds S] [--size-mib M] [--loop-dio on|off] [--cpus LIST]
#
# A temp file of M MiB (default 1024) filled from /dev/urandom is attached to a free loop device. Each round runs, for
# every comparison, fio and disktune back to back on that device (fio first in odd rounds, disktune first in even
# ones: A B B A, so that a drift of the machine hits both), each with a 1 s warm-up (fio --ramp_time=1, a discarded
# disktune trial) and S seconds measured (default 1; N rounds, default 9):
#   seq-read-direct     fio --rw=read --direct=1 --bs=2M --ioengine=psync
#   rand-read-4k-qdN    fio --rw=randread --direct=1 --bs=4k --ioengine=libaio --iodepth=N (one thread, N requests
#                       in flight: the usual reference, and disktune's model at depths 4 and 32: it reads through Linux
#                       native AIO from one thread, the engine the header line names), and
#                       fio --ioengine=psync --numjobs=N --thread (N threads with one pread each in flight; disktune's
#                       model at depth 1: one thread of pread)
# Random offsets are uniform with repetition on both sides (fio --norandommap --randrepeat=0).
# It prints each round's figures and the median over the rounds of the per-round ratios disktune/fio with their
# quartiles (on a machine shared with other work single rounds swing both ways; the median of paired ratios does
# not); the issue's goal: >= 0.95 sequential, >= 0.90 random.
#
# --cpus LIST runs both tools under taskset -c LIST (e.g. 1): the same CPUs for both, and fewer migrations, so the
# queue-depth-1 figures depend less on where the scheduler puts the issuing thread and the loop worker.
#
# --loop-dio off (default): the loop device reads its backing file through the page cache, which holds the whole
# file (it is read once before the first round), so the "device" is memory and the figures show each tool's own
# cost per I/O: the strictest test of the I/O path. --loop-dio on: the loop device reads its file with O_DIRECT, so
# the figures include the real disk under /tmp (noisier on a shared machine).
set -euo pipefail

rounds=9 seconds=1 size_mib=1024 loop_dio=off cpus=
while (($#)); do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --size-mib) size_mib=$2; shift 2 ;;
        --loop-dio) loop_dio=$2; shift 2 ;;
        --cpus) cpus=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench-accuracy.sh: unknown argument '$1'; see --help" >&2; exit 2 ;;
    esac
done

repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"
[[ $(id -u) == 0 ]] || { echo "bench-accuracy.sh: needs root (losetup, O_DIRECT reads of a loop device); run it with sudo" >&2; exit 4; }
command -v fio >/dev/null || { echo "bench-accuracy.sh: fio is missing; apt-get install -y fio" >&2; exit 4; }
[[ -d target/classes && -d target/test-classes ]] || { echo "bench-accuracy.sh: no build; run mvn -B package -DskipTests first" >&2; exit 4; }
if [[ ! -s target/cp.txt ]]; then
    mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt >/dev/null ||
        { echo "bench-accuracy.sh: mvn dependency:build-classpath failed (offline without the plugin?); run it once online" >&2; exit 4; }
fi
classpath="target/classes:target/test-classes:$(cat target/cp.txt)"
pin=()
if [[ -n $cpus ]]; then pin=(taskset -c "$cpus"); fi

work=$(mktemp -d /tmp/bench-accuracy.XXXXXX)
loop=
cleanup() {
    if [[ -n $loop ]]; then losetup --detach "$loop" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

dd if=/dev/urandom of="$work/backing.img" bs=1M count="$size_mib" status=none
loop=$(losetup --find --show --direct-io="$loop_dio" "$work/backing.img")
cat "$work/backing.img" >/dev/null   # the whole file in the page cache: every round starts from the same state
engine=$(java -cp "$classpath" org.disktune.bench.workload.BlockWorkloadMain rand-read-4k-qd4 "$loop" 0.1 0 | grep -o 'engine=[^ ]*' || true)
echo "device $loop ($size_mib MiB, loop direct I/O $loop_dio), $rounds rounds of $seconds s, kernel $(uname -r), $(nproc) CPUs${cpus:+ (both tools on CPUs $cpus)}, fio $(fio --version), $(java -version 2>&1 | head -1), disktune random reads: ${engine:-engine=unknown}, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# fio's terse v3 output, read fields: 6 = KiB read, 8 = IOPS, 9 = runtime in ms
fio_run() { # RW BS ENGINE DEPTH JOBS -> "MB/s IOPS"
    "${pin[@]}" fio --name=accuracy --filename="$loop" --readonly --rw="$1" --bs="$2" --direct=1 --ioengine="$3" --iodepth="$4" \
        --numjobs="$5" --thread --group_reporting --norandommap --randrepeat=0 --time_based --ramp_time=1 \
        --runtime="$seconds" --output-format=terse --terse-version=3 \
        | awk -F';' '{ printf "%.1f %.1f\n", $6 * 1024 / ($9 / 1000) / 1e6, $8 }'
}
disktune_run() { # WORKLOAD -> figure
    "${pin[@]}" java -cp "$classpath" org.disktune.bench.workload.BlockWorkloadMain "$1" "$loop" "$seconds" 1 | awk '{ print $2 }'
}
measure() { # KEY -> "fio_figure disktune_figure" in the order of the round
    local key=$1 order=$2 fio_fig dt_fig
    local fio_cmd dt_cmd
    case $key in
        seq) fio_cmd="fio_run read 2M psync 1 1 | cut -d' ' -f1"; dt_cmd="disktune_run seq-read-direct" ;;
        psync-qd*) n=${key#psync-qd}; fio_cmd="fio_run randread 4k psync 1 $n | cut -d' ' -f2"; dt_cmd="disktune_run rand-read-4k-qd$n" ;;
        libaio-qd*) n=${key#libaio-qd}; fio_cmd="fio_run randread 4k libaio $n 1 | cut -d' ' -f2"; dt_cmd="disktune_run rand-read-4k-qd$n" ;;
    esac
    if ((order == 0)); then fio_fig=$(eval "$fio_cmd"); dt_fig=$(eval "$dt_cmd")
    else dt_fig=$(eval "$dt_cmd"); fio_fig=$(eval "$fio_cmd"); fi
    echo "$fio_fig $dt_fig"
}

keys=(seq psync-qd1 libaio-qd1 psync-qd4 libaio-qd4 psync-qd32 libaio-qd32)
declare -A ratios fios dts
for ((r = 1; r <= rounds; r++)); do
    for key in "${keys[@]}"; do
        read -r f d < <(measure "$key" $(((r + 1) % 2))) || true
        if [[ -z ${f:-} || -z ${d:-} ]]; then
            echo "bench-accuracy.sh: round $r, $key: fio gave '${f:-}', disktune '${d:-}'; see the errors above" >&2
            exit 1
        fi
        ratio=$(awk -v d="$d" -v f="$f" 'BEGIN { printf "%.3f", d / f }')
        printf 'round %d %-12s fio %10s  disktune %10s  ratio %s\n' "$r" "$key" "$f" "$d" "$ratio"
        ratios[$key]+="$ratio " fios[$key]+="$f " dts[$key]+="$d "
    done
done

quantile() { # Q: linear interpolation between order statistics (type 7, as R and numpy default)
    tr ' ' '\n' | sed '/^$/d' | sort -g | awk -v q="$1" '{ a[NR] = $1 } END { h = (NR - 1) * q + 1; l = int(h); u = (l < NR) ? l + 1 : l; printf "%.3f\n", a[l] + (h - l) * (a[u] - a[l]) }'
}
median() { quantile 0.5; }
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| workload | fio reference | fio (median) | disktune (median) | disktune/fio: median of $rounds paired rounds [quartiles] | goal |"
echo "|---|---|---|---|---|---|"
for key in "${keys[@]}"; do
    case $key in
        seq) name="seq-read-direct (MB/s)"; ref="psync, bs=2M"; goal=0.95 ;;
        psync-qd*) name="rand-read-4k-qd${key#psync-qd} (IOPS)"; ref="psync, numjobs=${key#psync-qd}"; goal=0.90 ;;
        libaio-qd*) name="rand-read-4k-qd${key#libaio-qd} (IOPS)"; ref="libaio, iodepth=${key#libaio-qd}"; goal=0.90 ;;
    esac
    m=$(median <<<"${ratios[$key]}")
    verdict=$(awk -v m="$m" -v g="$goal" 'BEGIN { print (m >= g) ? ">= " g " met" : "< " g " MISSED" }')
    printf '| %s | %s | %.0f | %.0f | %.3f [%.3f, %.3f] | %s |\n' "$name" "$ref" "$(median <<<"${fios[$key]}")" "$(median <<<"${dts[$key]}")" \
        "$m" "$(quantile 0.25 <<<"${ratios[$key]}")" "$(quantile 0.75 <<<"${ratios[$key]}")" "$verdict"
done
