#!/usr/bin/env bash
# boot.sh - boot the e2e guest once under QEMU (TCG), let its e2e-probe.service run PROBE_DIR/run.sh,
# and wait until the guest powers off (or kill QEMU after --timeout seconds).
# Adapted from the lab's shared/lab/systemd-guest/boot.sh (2026-12-01): only the persistent mode (a guest
# reboot is a new QEMU run on the same writable image, -no-reboot), the kernel and initrd read from the
# image's own /boot with debugfs (so an initramfs rebuilt inside the guest takes effect at the next boot,
# as on a real machine), a second way to start (--boot disk: SeaBIOS boots the image's own GRUB, which reads
# its kernel, initrd and command line from the image), and two machines:
#   q35: AHCI (-device ahci) with three data disks of distinct models and serials, a virtio-scsi
#        controller (scsi0) for hot-added disks, two spare pcie-root-ports
#   pc:  PIIX IDE (ata_piix), two disks on the primary channel (master and slave), as in the fifth seed
# The last data disk carries an ext4 file system labelled e2e-data (made here with mkfs.ext4 when the
# disk file is created; the guest's fstab mounts it at /srv/data).
#
# usage: boot.sh PROBE_DIR --image IMG [--boot kernel|disk] [--machine q35|pc] [--timeout SEC] [--qmp SOCK] [--append ARGS]
#   PROBE_DIR   shared read-write as /probe (9p); out/ and serial.log in it are removed first
#   --image     the guest's writable root image; data disks are IMG.<machine>.dataN.raw
#   --boot      kernel (default): IMG is a bare ext4 file system (root.img), QEMU starts the newest
#               /boot/vmlinuz-* of it (-kernel, -initrd, -append "root=/dev/vda console=ttyS0 panic=1 ARGS");
#               disk: IMG is a partitioned disk with GRUB (disk.img of build-guest.sh), the firmware boots it;
#               --append is refused (the command line is the image's /boot/grub/grub.cfg)
#   --qmp       the QMP socket (default PROBE_DIR/qmp.sock)
# Writes PROBE_DIR/serial.log (console) and PROBE_DIR/boot.meta (times, QEMU command).
# Exit status: 0 = the probe finished and the guest powered off, 124 = timeout, 1 = anything else.
set -uo pipefail
[ $# -ge 1 ] && [ "${1:0:1}" != - ] || { sed -n '2,24p' "$0"; exit 2; }
mkdir -p "$1" || exit 1
PROBE_DIR=$(cd "$1" && pwd); shift
IMG=""; BOOT=kernel; MACHINE=q35; TIMEOUT=900; QMP=""; APPEND=""; MEM=2048; SMP=2
while [ $# -gt 0 ]; do
  case "$1" in
    --image) IMG=$2; shift 2;;
    --boot) BOOT=$2; shift 2;;
    --machine) MACHINE=$2; shift 2;;
    --timeout) TIMEOUT=$2; shift 2;;
    --qmp) QMP=$2; shift 2;;
    --append) APPEND="${APPEND:+$APPEND }$2"; shift 2;;
    --mem) MEM=$2; shift 2;;
    *) echo "boot.sh: unknown option $1" >&2; exit 2;;
  esac
done
log() { echo "[boot.sh $(date +%T)] $*" >&2; }
die() { echo "boot.sh: $*" >&2; exit 1; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", b - a}'; }
[ -f "$IMG" ] || die "no root image $IMG"
case "$BOOT" in
  kernel) ;;
  disk) [ -z "$APPEND" ] || die "--append needs --boot kernel: with --boot disk the command line is the image's grub.cfg";;
  *) die "--boot kernel or disk";;
esac
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 is missing: apt-get install -y qemu-system-x86"
command -v debugfs >/dev/null || die "debugfs is missing: apt-get install -y e2fsprogs"
RUN=$(mktemp -d "${TMPDIR:-/tmp}/e2e-boot.XXXXXX")
QPID=""
cleanup() { [ -n "$QPID" ] && kill "$QPID" 2>/dev/null; rm -rf "$RUN"; }
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

# ---- how it starts: the newest /boot/vmlinuz-* of the image and its initrd, or the image's own GRUB ---
if [ "$BOOT" = disk ]; then
  KV=grub
  START=(-drive "if=none,id=root,file=$IMG,format=raw" -device virtio-blk-pci,drive=root,serial=e2e-root,bootindex=0)
else
  KV=$(debugfs -R 'ls -p /boot' "$IMG" 2>/dev/null | awk -F/ '{print $6}' | sed -n 's/^vmlinuz-//p' | sort -V | tail -n1)
  [ -n "$KV" ] || die "no /boot/vmlinuz-* in $IMG"
  debugfs -R "dump /boot/vmlinuz-$KV $RUN/vmlinuz" "$IMG" >/dev/null 2>&1
  debugfs -R "dump /boot/initrd.img-$KV $RUN/initrd.img" "$IMG" >/dev/null 2>&1
  [ -s "$RUN/vmlinuz" ] && [ -s "$RUN/initrd.img" ] || die "could not read /boot/vmlinuz-$KV and initrd.img-$KV from $IMG"
  START=(-kernel "$RUN/vmlinuz" -initrd "$RUN/initrd.img" -append "root=/dev/vda console=ttyS0 panic=1${APPEND:+ $APPEND}"
         -drive "if=none,id=root,file=$IMG,format=raw" -device virtio-blk-pci,drive=root,serial=e2e-root)
fi

# ---- data disks --------------------------------------------------------------------------------------
DISKARGS=()
disk() {  # disk INDEX SIZE_GIB: the path of data disk INDEX, created (sparse) when missing
  local f="$IMG.$MACHINE.data$1.raw"
  if [ ! -e "$f" ]; then
    truncate -s "$2G" "$f.tmp" || exit 1
    if [ "$3" = fs ]; then mkfs.ext4 -q -F -L e2e-data "$f.tmp" || exit 1; fi
    mv "$f.tmp" "$f"
  fi
  echo "$f"
}
case "$MACHINE" in
  q35)
    MACH=(-machine q35)
    DISKARGS+=(-device ahci,id=ahci)
    MODELS=("DTE HDD 1G" "DTE SSD 2G" "DTE HDD 3G"); SERIALS=(DTE-HDD-0001 DTE-SSD-0002 DTE-HDD-0003); ROT=(7200 1 5400)
    for i in 0 1 2; do
      fs=no; [ $i = 2 ] && fs=fs
      DISKARGS+=(-drive "if=none,id=data$i,file=$(disk $i $((i + 1)) $fs),format=raw"
                 -device "ide-hd,bus=ahci.$i,drive=data$i,model=${MODELS[$i]},serial=${SERIALS[$i]},rotation_rate=${ROT[$i]}")
    done
    DISKARGS+=(-device virtio-scsi-pci,id=scsi0
               -device pcie-root-port,id=hp0,bus=pcie.0,chassis=10,slot=10
               -device pcie-root-port,id=hp1,bus=pcie.0,chassis=11,slot=11);;
  pc)
    MACH=(-machine pc)
    # the seed's two drives (004: hde IC35L120AVV207-0, hdf MAXTOR 6L080J4) as master and slave
    DISKARGS+=(-drive "if=none,id=data0,file=$(disk 0 1 no),format=raw"
               -device "ide-hd,bus=ide.0,unit=0,drive=data0,model=IC35L120AVV207-0,serial=VNVB01G4C1ABCD,rotation_rate=7200"
               -drive "if=none,id=data1,file=$(disk 1 2 fs),format=raw"
               -device "ide-hd,bus=ide.0,unit=1,drive=data1,model=MAXTOR 6L080J4,serial=664131732668,rotation_rate=7200");;
  *) die "--machine q35 or pc";;
esac

[ -n "$QMP" ] || QMP=$PROBE_DIR/qmp.sock
rm -f "$QMP"
QEMU=(qemu-system-x86_64 "${MACH[@]}" -accel tcg -cpu max -m "$MEM" -smp "$SMP" -nographic -nic none -no-reboot
      "${START[@]}"
      "${DISKARGS[@]}"
      -fsdev "local,id=probefs,path=$PROBE_DIR,security_model=none,multidevs=remap"
      -device virtio-9p-pci,fsdev=probefs,mount_tag=probe
      -qmp "unix:$QMP,server=on,wait=off"
      -serial "file:$PROBE_DIR/serial.log")

rm -rf "$PROBE_DIR/out" "$PROBE_DIR/serial.log" "$PROBE_DIR/boot.meta"
log "booting $MACHINE: image $IMG ($([ "$BOOT" = disk ] && echo "its GRUB" || echo "kernel $KV from its /boot")), probe $PROBE_DIR, timeout ${TIMEOUT}s"
t0=$(date +%s.%N)
timeout -k 10 "$TIMEOUT" "${QEMU[@]}" < /dev/null > "$RUN/qemu.out" 2>&1 &
QPID=$!
tprobe=""
while kill -0 "$QPID" 2>/dev/null; do
  if [ -z "$tprobe" ] && [ -e "$PROBE_DIR/out/started" ]; then
    tprobe=$(date +%s.%N); log "probe started after $(secs "$t0" "$tprobe") s"
  fi
  sleep 0.25
done
wait "$QPID"; rc=$?; QPID=""
total=$(secs "$t0" "$(date +%s.%N)")
boot_s=none; [ -n "$tprobe" ] && boot_s=$(secs "$t0" "$tprobe")
probe_rc=$(cat "$PROBE_DIR/out/run.rc" 2>/dev/null || echo none)
finished=no; [ -e "$PROBE_DIR/out/finished" ] && finished=yes
{
  echo "qemu_rc=$rc boot_s=$boot_s total_s=$total probe_finished=$finished run_rc=$probe_rc kernel=$KV machine=$MACHINE"
  printf 'qemu_cmd='; printf '%q ' "${QEMU[@]}"; echo
  [ -s "$RUN/qemu.out" ] && { echo "qemu_output:"; cat "$RUN/qemu.out"; }
} > "$PROBE_DIR/boot.meta"
[ -s "$RUN/qemu.out" ] && sed 's/^/[qemu] /' "$RUN/qemu.out" >&2
log "qemu rc=$rc; QEMU start -> probe start: $boot_s s; total: $total s; run.sh rc=$probe_rc"
if [ $rc = 124 ] || [ $rc = 137 ]; then log "TIMEOUT after ${TIMEOUT}s (QEMU killed)"; exit 124; fi
[ $rc = 0 ] && [ $finished = yes ] && exit 0
exit 1
