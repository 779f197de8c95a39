# lib.sh - helpers for the e2e probes, sourced by each boot's run.sh inside the guest (bash).
# Every step's outputs go to $PROBE_OUT: NAME.out (stdout), NAME.err (stderr), NAME.rc (exit status),
# NAME.s (seconds it took); the harness (WholeCycleIT) reads and asserts them after the boot.
O=${PROBE_OUT:-/probe/out}
mkdir -p "$O"
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", b - a}'; }
note() { echo "[$(cut -d' ' -f1 /proc/uptime)] $*"; }
# run NAME COMMAND [ARG...]: run a command with its arguments, keep its outputs under NAME
run() {
  local name=$1 t0 rc; shift
  note "step $name: $*"
  t0=$(now)
  "$@" >"$O/$name.out" 2>"$O/$name.err"
  rc=$?
  echo "$rc" >"$O/$name.rc"
  secs "$t0" "$(now)" >"$O/$name.s"
  note "step $name: exit $rc after $(cat "$O/$name.s") s"
  return 0
}
# The files disktune may change, with their SHA-256 (symbolic links with their target): all of /etc and
# /boot (modprobe.d, udev rules, fstab, the units and their enable links, the initramfs images).
hashlist() {
  find /etc /boot -xdev -type f -print0 | sort -z | xargs -0 -r sha256sum
  find /etc /boot -xdev -type l -printf '%p -> %l\n' | sort
}
# The block settings of every disk named by a by-id link matching $1 (a glob): one line per disk
#   by-id=NAME dev=sdX queue_depth=N scheduler=S read_ahead_kb=N nr_requests=N write_cache=N
sysfs_settings() {
  local link dev q wc
  for link in /dev/disk/by-id/$1; do
    [ -e "$link" ] || continue
    case "$link" in *-part*) continue;; esac
    dev=$(basename "$(readlink -f "$link")"); q=/sys/block/$dev/queue
    wc=$(hdparm -W "/dev/$dev" 2>/dev/null | sed -n 's/.*write-caching *= *\([0-9]*\).*/\1/p')
    echo "by-id=$(basename "$link") dev=$dev queue_depth=$(cat /sys/block/$dev/device/queue_depth 2>/dev/null)" \
      "scheduler=$(sed -n 's/.*\[\(.*\)\].*/\1/p' $q/scheduler) read_ahead_kb=$(cat $q/read_ahead_kb)" \
      "nr_requests=$(cat $q/nr_requests) write_cache=${wc:-none}"
  done
}
# Waits (at most $1 seconds) until no transient service of the udev rule's RUN (systemd-run: run-r*.service,
# disktune apply --device) is starting or running: under TCG each is a JVM of 30-90 s.
wait_device_runs() {
  local i
  for ((i = 0; i < $1 * 2; i++)); do
    systemctl list-units --no-legend --state=activating,running 'run-r*.service' 2>/dev/null | grep -q . || return 0
    sleep 0.5
  done
  note "device runs still active after $1 s"
}
# install disktune the way a user does without a package: the jar and a launcher in /usr/sbin (the program
# disktune's units and udev rule run); the probe then runs disktune units install. The launcher's JVM options
# are for a short-lived command under QEMU's emulation, where the JIT and class loading dominate (measured in
# this guest, host busy: 40 s for kernel-log --json by default, 27 s with C1 only, 21 s with C1 and an AppCDS
# archive): C1 only, the serial collector, and an archive of disktune's classes that the first run writes.
install_disktune() {
  install -D -m 0644 /probe/disktune.jar /usr/share/disktune/disktune.jar
  rm -f /usr/share/disktune/disktune.jsa
  cat >/usr/sbin/disktune <<'LAUNCHER'
#!/bin/sh
JSA=/usr/share/disktune/disktune.jsa
if [ -f "$JSA" ]; then CDS=-XX:SharedArchiveFile=$JSA; else CDS=-XX:ArchiveClassesAtExit=$JSA; fi
exec java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xlog:disable -Xlog:all=warning:stderr "$CDS" -jar /usr/share/disktune/disktune.jar "$@"
LAUNCHER
  chmod 0755 /usr/sbin/disktune
  # disktune.service allows 90 s (a JVM starts in about 1 s on hardware); under TCG on a busy host one run took
  # more (boot 2 of a run at load 15-18 timed out): the guest's clock, not disktune, is slow
  mkdir -p /etc/systemd/system/disktune.service.d
  printf '[Service]\n# e2e guest under QEMU TCG: a JVM takes 30-90 s here\nTimeoutStartSec=15min\n' \
    >/etc/systemd/system/disktune.service.d/e2e-tcg.conf
}
