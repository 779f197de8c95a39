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
# The kernel command line of this boot and what libahci runs with (cmdline.txt, ignore_sss.txt), and the lines of the
# generated grub.cfg that start a kernel (grub-linux.txt): the PIIX run's parameter through GRUB
cmdline_state() {
  cat /proc/cmdline >"$O/cmdline.txt"
  cat /sys/module/libahci/parameters/ignore_sss >"$O/ignore_sss.txt" 2>&1
  grep -E '^[[:space:]]*linux[[:space:]]' /boot/grub/grub.cfg >"$O/grub-linux.txt" 2>&1
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
# install disktune the way a user installs it: the .deb of this build (mvn package), with dpkg -i; its dependencies
# (a Java 17 runtime, init-system-helpers; hdparm and udev recommended) are in the guest already, and the guest has
# no network, so a missing one fails here with dpkg's message. The package's postinst writes the class-data archive
# (/var/cache/disktune/disktune.jsa, and disktune-short.jsa for help, --version, verify and detect) that its launcher /usr/sbin/disktune (C1 only, serial GC) starts with, so no
# later command pays a first slow run. The probe then runs disktune units install (a package's units: enabled).
install_disktune() {
  dpkg -i /probe/disktune.deb || return 1
  [ "$(dpkg-query -W -f '${db:Status-Status}' disktune)" = installed ] || { echo "disktune is not configured"; return 1; }
  ls -l /var/cache/disktune/disktune.jsa /var/cache/disktune/disktune-short.jsa
  # disktune.service allows 90 s (a JVM starts in about 1 s on hardware); under TCG on a busy host one run took
  # more (boot 2 of a run at load 15-18 timed out): the guest's clock, not disktune, is slow
  mkdir -p /etc/systemd/system/disktune.service.d
  printf '[Service]\n# e2e guest under QEMU TCG: a JVM takes 30-90 s here\nTimeoutStartSec=15min\n' \
    >/etc/systemd/system/disktune.service.d/e2e-tcg.conf
  # systemd waits 90 s for a device in fstab; at load 25 udev's coldplug of the PIIX guest gave the data disk its
  # by-label link after that, so /srv/data (nofail) was never mounted (run of 2026-12-01 17:41)
  mkdir -p /etc/systemd/system.conf.d
  printf '[Manager]\n# e2e guest under QEMU TCG on a busy host: udev may need minutes at boot\nDefaultDeviceTimeoutSec=10min\n' \
    >/etc/systemd/system.conf.d/e2e-tcg.conf
}
# Waits (at most $2 seconds) until $1 is mounted (status 1 if not): the data disk's mount is nofail, so the
# probe (after multi-user.target) may start before it.
wait_mounted() {
  local i
  for ((i = 0; i < $2 * 2; i++)); do mountpoint -q "$1" && return 0; sleep 0.5; done
  note "$1 still not mounted after $2 s"
  return 1
}
