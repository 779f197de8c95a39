#!/usr/bin/env bash
# build-guest.sh - build (once) and cache the Debian 12 guest of the end-to-end test: systemd, udev, the
# full kernel, a JRE and hdparm on an ext4 image made with mkfs.ext4 -d (nothing is mounted).
#
# Usage: build-guest.sh        prints the directory holding root.img, vmlinuz, initrd.img, kver, build.meta
#
# Adapted from the lab's shared/lab/systemd-guest/build.sh (2026-12-01), but starting from the cached
# debootstrap base root of ../scripts/debian-roots.sh instead of a debootstrap of its own:
#   1. tree  $CACHE/bookworm-e2e-guest-rN   (N = TREE_RECIPE): a copy of bookworm-base-r1 with
#            linux-image-amd64 (the full kernel: the cloud kernel lacks ahci, so it never says
#            "NCQ (depth 32)"), systemd-sysv, udev, hdparm, openjdk-17-jre-headless, initramfs-tools,
#            e2fsprogs, zstd; the cloud kernel purged. Bump TREE_RECIPE when the package list changes.
#   2. image $CACHE/bookworm-e2e-guest-rN-image-HASH (HASH: this script and guest/*): the tree copied and
#            configured (fstab, probe unit, MODULES=list initramfs, no root password), its initramfs
#            built, then mkfs.ext4 -d. A change of the configuration makes a new image directory and
#            removes the older ones of the same tree.
# MODULES=list with the storage, file system and 9p modules: an in-guest update-initramfs then takes
# about 1.5 min under TCG instead of about 12 with Debian's MODULES=most (lab measurement), and ahci and
# libata are still loaded from the initramfs, so a libata option in /etc/modprobe.d needs the image
# rebuilt and a reboot, as on a stock install.
# Nothing on this machine outside $CACHE is changed; the chroot's proc/sys/devpts mounts live in a
# private mount namespace (unshare -m) and vanish with it. Needs root, debootstrap, e2fsprogs, network
# access to the Debian mirror (as debian-roots.sh).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TREE_RECIPE=1
CACHE=${DISKTUNE_TEST_ROOTS:-/var/cache/disktune-test}
PACKAGES=(linux-image-amd64 systemd-sysv udev kmod procps util-linux hdparm openjdk-17-jre-headless initramfs-tools
          e2fsprogs zstd dbus)
die() { echo "build-guest: $*" >&2; exit 1; }
log() { echo "build-guest: [${SECONDS}s] $*" >&2; }
[ "$(id -u)" = 0 ] || die "must run as root (chroot and apt inside the tree need it)"
command -v mkfs.ext4 >/dev/null || die "mkfs.ext4 is missing: apt-get install -y e2fsprogs"
command -v unshare >/dev/null || die "unshare is missing: apt-get install -y util-linux"

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
exec 8>"$CACHE/.e2e-guest.lock"
flock 8

if [ -f "$IMGDIR/done" ]; then echo "$IMGDIR"; exit 0; fi

# ---- 1. the tree -----------------------------------------------------------------------------------
if ! grep -qx "recipe: $TREE_RECIPE" "$TREE/.disktune-root" 2>/dev/null; then
  [ -e "$TREE" ] && { log "removing the old tree $TREE"; rm -rf --one-file-system "$TREE"; }
  BASE=$("$HERE/../scripts/debian-roots.sh" base) || die "the base root could not be built (debian-roots.sh base)"
  tmp=$(mktemp -d "$CACHE/.build-e2e-guest.XXXXXX"); chmod 755 "$tmp"
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
touch "$IMGDIR/done"
log "done: $IMGDIR"
echo "$IMGDIR"
