#!/usr/bin/env bash
# build-guest.sh - build (once) and cache the Debian 12 guest of the end-to-end test: systemd, udev, the
# full kernel, a JRE and hdparm on an ext4 image made with mkfs.ext4 -d (nothing is mounted), and the same
# file system as the partition of a disk that boots through the guest's GRUB (mounted once, to install GRUB).
#
# Usage: build-guest.sh        prints the directory holding root.img, disk.img, vmlinuz, initrd.img, kver, build.meta
#
# Adapted from the lab's shared/lab/systemd-guest/build.sh (2026-12-01), but starting from the cached
# debootstrap base root of ../scripts/debian-roots.sh instead of a debootstrap of its own:
#   1. tree  $CACHE/bookworm-e2e-guest-rN   (N = TREE_RECIPE): a copy of bookworm-base-r1 with
#            linux-image-amd64 (the full kernel: the cloud kernel lacks ahci, so it never says
#            "NCQ (depth 32)"), systemd-sysv, udev, hdparm, openjdk-17-jre-headless, initramfs-tools,
#            e2fsprogs, zstd, grub-pc (GRUB for BIOS, with grub2-common's update-grub); the cloud kernel
#            purged. Bump TREE_RECIPE when the package list changes.
#   2. image $CACHE/bookworm-e2e-guest-rN-image-HASH (HASH: this script and guest/*): the tree copied and
#            configured (fstab, probe unit, MODULES=list initramfs, no root password, GRUB on the serial
#            console without a menu), its initramfs built, then mkfs.ext4 -d: root.img, the bare file system
#            that boot.sh boots with QEMU's -kernel. A change of the configuration makes a new image directory
#            and removes the older ones of the same tree.
#   3. disk  disk.img in the same directory: a disk with an MBR partition table whose one partition is a
#            copy of root.img, GRUB installed in its boot sector and the gap after it (grub-install
#            --target=i386-pc) and /boot/grub/grub.cfg made by the guest's own update-grub, both run
#            chrooted into the mounted partition on a loop device. SeaBIOS boots it (boot.sh --boot disk):
#            the kernel command line is the one update-grub wrote, as on an installed Debian.
# MODULES=list with the storage, file system and 9p modules: an in-guest update-initramfs then takes
# about 1.5 min under TCG instead of about 12 with Debian's MODULES=most (lab measurement), and ahci and
# libata are still loaded from the initramfs, so a libata option in /etc/modprobe.d needs the image
# rebuilt and a reboot, as on a stock install.
# Nothing on this machine outside $CACHE is changed; the chroot's proc/sys/devpts mounts (and, for the disk,
# the partition's mount and a /dev of its own) live in a private mount namespace (unshare -m) and vanish with
# it; the loop device is detached at the end. Needs root, debootstrap, e2fsprogs, sfdisk (fdisk), losetup,
# network access to the Debian mirror (as debian-roots.sh).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TREE_RECIPE=2
CACHE=${DISKTUNE_TEST_ROOTS:-/var/cache/disktune-test}
PACKAGES=(linux-image-amd64 systemd-sysv udev kmod procps util-linux hdparm openjdk-17-jre-headless initramfs-tools
          e2fsprogs zstd dbus grub-pc)
die() { echo "build-guest: $*" >&2; exit 1; }
log() { echo "build-guest: [${SECONDS}s] $*" >&2; }
[ "$(id -u)" = 0 ] || die "must run as root (chroot and apt inside the tree need it)"
command -v mkfs.ext4 >/dev/null || die "mkfs.ext4 is missing: apt-get install -y e2fsprogs"
command -v unshare >/dev/null || die "unshare is missing: apt-get install -y util-linux"
command -v sfdisk >/dev/null || die "sfdisk is missing: apt-get install -y fdisk"
command -v losetup >/dev/null || die "losetup is missing: apt-get install -y mount"

TREE=$CACHE/bookworm-e2e-guest-r$TREE_RECIPE
HASH=$(cat "$0" "$HERE"/guest/* | sha256sum | cut -c1-12)
IMGDIR=$TREE-image-$HASH

# Runs "$@" (a command with arguments) chrooted in $1 with proc, sys and devpts mounted in a private
# mount namespace, without any service starting (policy-rc.d exits 101 meanwhile).
in_tree() {
  local root=$1; shift
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"; chmod 755 "$root/usr/sbin/policy-rc.d"
  unshare -m --propagation private -- bash -c '
    r=$1; shift
    mount -t proc proc "$r/proc" && mount -t sysfs sysfs "$r/sys" && mkdir -p "$r/dev/pts" &&
      mount -t devpts -o newinstance,ptmxmode=0666 devpts "$r/dev/pts" || exit 1
    exec chroot "$r" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"' \
    in_tree "$root" "$@"
  local rc=$?
  rm -f "$root/usr/sbin/policy-rc.d"
  return $rc
}

mkdir -p "$CACHE"
# One lock per tree (its images are built from it): a build of another recipe does not wait for this one. The
# tree is built in $CACHE/.e2e-guest-rN-build.* (not .build-*: debian-roots.sh removes those as leftovers when
# it takes its lock, which a build of another recipe may do meanwhile); this recipe's leftovers go here.
exec 8>"$CACHE/.e2e-guest-r$TREE_RECIPE.lock"
flock 8
rm -rf --one-file-system "$CACHE/.e2e-guest-r$TREE_RECIPE-build."*

if [ -f "$IMGDIR/done" ]; then echo "$IMGDIR"; exit 0; fi

# ---- 1. the tree -----------------------------------------------------------------------------------
if ! grep -qx "recipe: $TREE_RECIPE" "$TREE/.disktune-root" 2>/dev/null; then
  [ -e "$TREE" ] && { log "removing the old tree $TREE"; rm -rf --one-file-system "$TREE"; }
  BASE=$("$HERE/../scripts/debian-roots.sh" base) || die "the base root could not be built (debian-roots.sh base)"
  tmp=$(mktemp -d "$CACHE/.e2e-guest-r$TREE_RECIPE-build.XXXXXX"); chmod 755 "$tmp"
  trap 'rm -rf --one-file-system "$tmp"' EXIT
  log "copying $BASE"
  cp -a "$BASE/." "$tmp/"
  rm -f "$tmp/.disktune-root"
  cat >"$tmp/etc/dpkg/dpkg.cfg.d/90e2e-nodoc" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
DPKG
  cp -L /etc/resolv.conf "$tmp/etc/resolv.conf" 2>/dev/null || true
  log "installing ${PACKAGES[*]} (a few minutes)"
  {
    in_tree "$tmp" apt-get -q update &&
    # initramfs-tools first, set to MODULES=list, so the full kernel's image is built small and once
    in_tree "$tmp" apt-get install -y -q --no-install-recommends initramfs-tools zstd &&
    sed -i 's/^MODULES=.*/MODULES=list/' "$tmp/etc/initramfs-tools/initramfs.conf" &&
    in_tree "$tmp" apt-get install -y -q --no-install-recommends "${PACKAGES[@]}" &&
    in_tree "$tmp" apt-get purge -y -q 'linux-image-*cloud*' &&
    in_tree "$tmp" apt-get autoremove -y -q --purge &&
    in_tree "$tmp" apt-get clean
  } >"$tmp.log" 2>&1 || { tail -15 "$tmp.log" >&2; die "installing the guest's packages failed (log: $tmp.log)"; }
  rm -f "$tmp/etc/resolv.conf" "$tmp"/var/lib/apt/lists/*_Packages* 2>/dev/null || true
  kver=$(ls "$tmp/lib/modules" | grep -v cloud | sort -V | tail -1)
  [ -n "$kver" ] && [ -f "$tmp/boot/vmlinuz-$kver" ] || die "no full kernel in the tree"
  ls "$tmp/lib/modules/$kver/kernel/drivers/ata/ahci.ko"* >/dev/null || die "the kernel $kver has no ahci module"
  printf 'recipe: %s\npackages: %s\nkernel: %s\n' "$TREE_RECIPE" "${PACKAGES[*]}" "$kver" >"$tmp/.disktune-root"
  mv "$tmp" "$TREE"; rm -f "$tmp.log"; trap - EXIT
fi
kver=$(sed -n 's/^kernel: //p' "$TREE/.disktune-root")

# ---- 2. the configured image -----------------------------------------------------------------------
for old in "$TREE"-image-*; do [ -e "$old" ] && [ "$old" != "$IMGDIR" ] && rm -rf --one-file-system "$old"; done
rm -rf --one-file-system "$IMGDIR"; mkdir -p "$IMGDIR"
R=$IMGDIR/rootfs
log "configuring a copy of the tree"
cp -a "$TREE/." "$R/"
rm -f "$R/.disktune-root"
echo e2e-guest >"$R/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\te2e-guest\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$R/etc/hosts"
cat >"$R/etc/fstab" <<'FSTAB'
# <file system>  <mount point>  <type>  <options>  <dump>  <pass>
LABEL=e2e-root   /              ext4    errors=remount-ro  0  1
# the ext4 file system on the third data disk (made by the harness): [mount /srv/data] of the test
LABEL=e2e-data   /srv/data      ext4    defaults,nofail  0  2
# the host directory of the boot (boot.sh: -fsdev ... mount_tag=probe)
probe            /probe         9p      trans=virtio,version=9p2000.L,msize=512000,nofail  0  0
FSTAB
mkdir -p "$R/probe" "$R/srv/data"
in_tree "$R" passwd -d root >/dev/null
cat >"$R/etc/initramfs-tools/modules" <<'MODS'
# the e2e guest's initramfs (MODULES=list): virtio root, 9p, and the storage drivers of its disks
virtio_pci
virtio_blk
9pnet_virtio
9p
ahci
libahci
libata
ata_piix
ata_generic
sd_mod
scsi_mod
virtio_scsi
ext4
crc32c_generic
MODS
sed -i 's/^MODULES=.*/MODULES=list/' "$R/etc/initramfs-tools/initramfs.conf"
mkdir -p "$R/etc/initramfs-tools/conf.d"; echo RESUME=none >"$R/etc/initramfs-tools/conf.d/resume"
# GRUB as an administrator of a headless machine sets it in /etc/default/grub: no menu, its own output and the
# kernel's console on the serial port (boot.sh's serial.log), the kernel's messages not quiet, panic=1 as in
# boot.sh's -append. disktune's /etc/default/grub.d/disktune.cfg appends to GRUB_CMDLINE_LINUX after this file.
sed -i -e 's/^GRUB_TIMEOUT=.*/GRUB_TIMEOUT=0/' -e 's/^GRUB_CMDLINE_LINUX_DEFAULT=.*/GRUB_CMDLINE_LINUX_DEFAULT=""/' \
  -e 's/^GRUB_CMDLINE_LINUX=.*/GRUB_CMDLINE_LINUX="console=ttyS0 panic=1"/' \
  -e 's/^#\?GRUB_TERMINAL=.*/GRUB_TERMINAL=serial\nGRUB_SERIAL_COMMAND="serial --unit=0 --speed=115200"/' "$R/etc/default/grub"
grep -qx 'GRUB_CMDLINE_LINUX="console=ttyS0 panic=1"' "$R/etc/default/grub" && grep -qx GRUB_TIMEOUT=0 "$R/etc/default/grub" &&
  grep -qx GRUB_TERMINAL=serial "$R/etc/default/grub" || die "could not configure $R/etc/default/grub"
install -m 0755 "$HERE/guest/e2e-probe" "$R/usr/local/sbin/e2e-probe"
install -m 0644 "$HERE/guest/e2e-probe.service" "$R/etc/systemd/system/e2e-probe.service"
in_tree "$R" systemctl enable e2e-probe.service >/dev/null 2>&1
in_tree "$R" systemctl set-default multi-user.target >/dev/null 2>&1
in_tree "$R" systemctl mask systemd-networkd-wait-online.service apt-daily.timer apt-daily-upgrade.timer >/dev/null 2>&1 || true
mkdir -p "$R/var/log/journal"
in_tree "$R" systemd-machine-id-setup >/dev/null 2>&1
log "update-initramfs for $kver"
in_tree "$R" update-initramfs -c -k "$kver" >"$IMGDIR/initramfs.log" 2>&1 || { tail "$IMGDIR/initramfs.log" >&2; die "update-initramfs failed"; }
cp "$R/boot/vmlinuz-$kver" "$IMGDIR/vmlinuz"; cp "$R/boot/initrd.img-$kver" "$IMGDIR/initrd.img"; echo "$kver" >"$IMGDIR/kver"
log "mkfs.ext4 -d -> root.img"
truncate -s 3G "$IMGDIR/root.img"
mkfs.ext4 -q -F -L e2e-root -d "$R" "$IMGDIR/root.img"
e2fsck -fn "$IMGDIR/root.img" >/dev/null
{
  echo "built=$(date -u +%FT%TZ) build_s=$SECONDS kver=$kver initrd_bytes=$(stat -c %s "$IMGDIR/initrd.img")"
  in_tree "$R" dpkg-query -W -f '${Package}=${Version}\n' linux-image-amd64 "linux-image-$kver" systemd udev \
    openjdk-17-jre-headless hdparm e2fsprogs initramfs-tools 2>/dev/null
} >"$IMGDIR/build.meta"
rm -rf --one-file-system "$R"

# ---- 3. the partitioned disk booted by GRUB --------------------------------------------------------
log "disk.img: an MBR partition table, root.img as its partition 1, grub-install and update-grub"
D=$IMGDIR/disk.img.tmp
truncate -s $((3 * 1024 + 1))M "$D"
echo 'start=2048, type=83, bootable' | sfdisk -q "$D"
dd if="$IMGDIR/root.img" of="$D" bs=1M seek=1 conv=notrunc,sparse status=none
LOOP=$(losetup -fP --show "$D") || die "losetup -fP $D failed"
trap 'losetup -d "$LOOP"' EXIT
# a kernel that reads no MBR (one without CONFIG_MSDOS_PARTITION, as some VM kernels are) scans nothing: partx
# adds the partition through BLKPG, a child of the loop device in sysfs as a scanned one is (grub-install needs that)
[ -b "${LOOP}p1" ] || partx -a "$LOOP" || die "the loop device $LOOP of disk.img shows no partition, and partx -a failed"
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -b "${LOOP}p1" ] && break; sleep 0.5; done
[ -b "${LOOP}p1" ] || die "no ${LOOP}p1 after losetup -P and partx -a"
mkdir -p "$IMGDIR/mnt"
# The partition mounted, a /dev of its own (a tmpfs with the loop device, its partition and the
# /dev/disk/by-uuid link that update-grub's 10_linux needs to write root=UUID=...), then the guest's own
# grub-install and update-grub chrooted into it; everything unmounted when the namespace ends.
unshare -m --propagation private -- bash -c '
  set -e
  loop=$1 mnt=$2
  mount "${loop}p1" "$mnt"
  mount -t proc proc "$mnt/proc"; mount -t sysfs sysfs "$mnt/sys"; mount -t tmpfs -o mode=0755 dev "$mnt/dev"
  cp -a /dev/null /dev/zero /dev/random /dev/urandom "$loop" "${loop}p1" "$mnt/dev/"
  mkdir -p "$mnt/dev/disk/by-uuid"
  ln -s "../../${loop#/dev/}p1" "$mnt/dev/disk/by-uuid/$(blkid -s UUID -o value "${loop}p1")"
  run() { chroot "$mnt" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
  run grub-install --target=i386-pc "$loop"
  run update-grub
  umount "$mnt/dev" "$mnt/sys" "$mnt/proc" "$mnt"' \
  grub "$LOOP" "$IMGDIR/mnt" >"$IMGDIR/grub.log" 2>&1 || { tail "$IMGDIR/grub.log" >&2; die "grub-install or update-grub failed"; }
debugfs -R 'cat /boot/grub/grub.cfg' "${LOOP}p1" 2>/dev/null |
  grep -q "^[[:space:]]*linux[[:space:]].*/vmlinuz-$kver root=UUID=$(blkid -s UUID -o value "${LOOP}p1") ro console=ttyS0 panic=1" ||
  die "disk.img's /boot/grub/grub.cfg boots no vmlinuz-$kver with root=UUID=... console=ttyS0 panic=1 (log: $IMGDIR/grub.log)"
e2fsck -fn "${LOOP}p1" >/dev/null || die "the partition of disk.img does not check clean"
losetup -d "$LOOP"; trap - EXIT
rmdir "$IMGDIR/mnt"
mv "$D" "$IMGDIR/disk.img"
touch "$IMGDIR/done"
log "done: $IMGDIR"
echo "$IMGDIR"
