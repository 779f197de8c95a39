#!/usr/bin/env bash
# boot-noncq-image.sh - the last proof, on the real kernel: boot the initramfs that disktune built.
#
# Usage: src/test/scripts/boot-noncq-image.sh        (from the project directory, as root, after mvn package)
#
# 1. copies the cached Debian 12 initramfs-tools root (src/test/scripts/debian-roots.sh) to a
#    throw-away directory, configures a small image (MODULES=list: ata_piix, sd_mod) and builds the
#    first image with the root's own update-initramfs (chroot);
# 2. runs  java -jar target/disktune.jar --root COPY --chroot modprobe set libata force=noncq  (exit 3);
# 3. boots the root's kernel (linux-image-cloud-amd64) in QEMU (TCG, machine "pc": PIIX3 IDE, which
#    the cloud kernel drives with ata_piix; it has no AHCI driver, so "NCQ (not used)" cannot appear)
#    with a blank IDE disk, first with the image from before the change, then with disktune's image,
#    and reads the kernel log on the serial console. The initramfs finds no root file system and
#    panics (panic=1, -no-reboot ends QEMU).
# Passes when libata printed "ata1.00: FORCE: horkage modified (noncq)" with disktune's image only:
# the option reached the kernel from /etc/modprobe.d/disktune.conf inside the image. About 1-2 minutes.
# Needs root, qemu-system-x86 (apt-get install qemu-system-x86), java and the roots cache.
# Nothing outside the throw-away directory is changed; it is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/../../.."

die() { echo "boot-noncq-image: $*" >&2; exit 1; }
log() { echo "boot-noncq-image: $*" >&2; }

[ "$(id -u)" = 0 ] || die "must run as root (chroot, mount)"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 is missing: apt-get install qemu-system-x86"
[ -f target/disktune.jar ] || die "target/disktune.jar is missing: mvn -q package -DskipTests"

cached=$(src/test/scripts/debian-roots.sh initramfs-tools | tail -1)
kver=$(sed -n 's/^kernel: //p' "$cached/.disktune-root")
work=$(mktemp -d /var/tmp/disktune-boot-XXXXXX)
root=$work/root
cleanup() {
  if mountpoint -q "$root/proc"; then umount "$root/proc"; fi
  if awk -v d="$work/" 'index($2 "/", d) == 1 {found=1} END {exit !found}' /proc/mounts; then
    echo "boot-noncq-image: something is still mounted under $work; not removing it" >&2
  else
    rm -rf --one-file-system "$work"
  fi
}
trap cleanup EXIT

log "copying $cached"
mkdir -m 755 "$root"
(cd "$cached" && cp -a --reflink=auto $(ls -A | grep -vx tmp) "$root/")
mkdir -m 1777 "$root/tmp"
mount -t proc proc "$root/proc"
echo MODULES=list >"$root/etc/initramfs-tools/conf.d/small-image"
printf 'ata_piix\nsd_mod\n' >>"$root/etc/initramfs-tools/modules"
log "building the first image with update-initramfs in the root"
chroot "$root" update-initramfs -c -k "$kver" >/dev/null
image=$root/boot/initrd.img-$kver
cp "$image" "$work/before.img"

log "disktune --root $root --chroot modprobe set libata force=noncq"
rc=0; java -jar target/disktune.jar --root "$root" --chroot modprobe set libata force=noncq || rc=$?
[ "$rc" = 3 ] || die "modprobe set exited $rc, expected 3"
java -jar target/disktune.jar --root "$root" initramfs verify || die "initramfs verify failed"

truncate -s 1G "$work/disk.img"
boot() { # boot IMAGE LOG
  local started=$SECONDS
  timeout 300 qemu-system-x86_64 -machine pc -accel tcg -m 512 -smp 1 -nographic -no-reboot \
    -kernel "$root/boot/vmlinuz-$kver" -initrd "$1" \
    -append "console=ttyS0 loglevel=7 root=/dev/sda1 rootdelay=5 panic=1" \
    -drive "file=$work/disk.img,if=ide,format=raw,snapshot=on" >"$2" 2>&1 || true
  tr -d '\r' <"$2" >"$2.txt"
  log "booted $(basename "$1") in $((SECONDS - started)) s: $(grep -cE '^\[ *[0-9.]+\] ata[0-9]+' "$2.txt") ata lines"
}
boot "$work/before.img" "$work/before.log"
boot "$image" "$work/after.log"

force='ata[0-9]+\.00: FORCE: horkage modified \(noncq\)'
grep -E 'ata[0-9]+(\.00)?: ' "$work/after.log.txt" | sed 's/^/  disktune image: /' >&2 || true
grep -qE 'ata[0-9]+\.00: ATA-' "$work/before.log.txt" || die "the first image did not bring up the IDE disk; see the log above"
if grep -qE "$force" "$work/before.log.txt"; then die "the image from before the change already forces noncq"; fi
grep -qE "$force" "$work/after.log.txt" || die "no 'FORCE: horkage modified (noncq)' with disktune's image"
log "PASS: libata applied force=noncq from disktune's image, and not from the image before"
