#!/usr/bin/env bash
# debian-roots.sh - build (once) and cache real Debian 12 root file systems for the initramfs tests.
#
# Usage: debian-roots.sh [initramfs-tools|dracut|mkinitcpio|all|base]   (default: all; base: only the base root,
#        for src/test/e2e/build-guest.sh)
#
# Prints the path of each requested root, one a line. Roots live in $DISKTUNE_TEST_ROOTS
# (default /var/cache/disktune-test), outside the build directory, so repeated runs are fast; each
# directory name ends in its recipe number (-rN), so checkouts with different recipes share the
# cache without rebuilding each other's roots (remove roots of old recipes by hand):
#   bookworm-base             debootstrap --variant=minbase + linux-image-cloud-amd64 + compressors
#   bookworm-initramfs-tools  base + initramfs-tools, busybox, intel- and amd64-microcode (AMD's set
#                             to "early" so that, like on an AMD machine, an image made with the stock
#                             MODULES=most has two early microcode archives in front of the zstd one)
#   bookworm-dracut           base + dracut-core and systemd-sysv (dracut's base module installs
#                             poweroff/reboot/halt; a Debian system has them from systemd-sysv)
#   bookworm-mkinitcpio       base + what mkinitcpio needs (busybox, kmod, bsdtar from libarchive-tools; objcopy
#                             from binutils, gawk and systemd-boot-efi's EFI stub for UKIs) + Arch's mkinitcpio itself,
#                             installed from the pinned source vendored in src/test/mkinitcpio (Debian has no
#                             package), laid out as its Makefile's install-generator does
# (initramfs-tools and dracut conflict as packages, so each generator gets its own copy of the base.)
# Each root is built in a temporary directory and renamed into place when complete; its marker file
# .disktune-root names the recipe, the packages and the kernel version. A root without the current
# marker is removed (after checking nothing is mounted under it) and rebuilt.
# Nothing on this machine outside $DISKTUNE_TEST_ROOTS is changed: the packages are installed inside
# the roots with chroot. Needs root, debootstrap and network access to the Debian mirror that apt on
# this machine uses (its URI and any Acquire::http::Proxy are read from apt's configuration).
# Used by the Java fixture org.disktune.initramfs.RealDebianRoots and, to warm the cache, by install-tools.sh test.
set -euo pipefail

# Bump a recipe to make every cache rebuild that root (the base, or the generator roots).
BASE_RECIPE=1
GEN_RECIPE=3
SUITE=bookworm
CACHE=${DISKTUNE_TEST_ROOTS:-/var/cache/disktune-test}
BASE_PACKAGES=(linux-image-cloud-amd64 cpio zstd lz4 lzop xz-utils bzip2 gzip)
declare -A GEN_PACKAGES=(
  [initramfs-tools]="initramfs-tools busybox"
  [dracut]="dracut-core systemd-sysv"
  [mkinitcpio]="busybox kmod libarchive-tools binutils gawk systemd-boot-efi"
)
# The vendored mkinitcpio source; its version and a hash of the tree go into the mkinitcpio root's recipe, so
# that a change of the vendored files rebuilds that root.
MKINITCPIO_SRC=$(cd "$(dirname "$0")/../mkinitcpio" && pwd)
MICROCODE_PACKAGES=(intel-microcode amd64-microcode)

die() { echo "debian-roots: $*" >&2; exit 1; }
# The last error line apt or debootstrap wrote to a log, to name the cause in die's one line.
cause() { grep -E '^(E|W): ' "$1" 2>/dev/null | tail -1 || true; }
log() { echo "debian-roots: [${SECONDS}s] $*" >&2; }

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap and chroot need it)"
command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install -y debootstrap"

# The mirror apt uses here for $SUITE main (deb822 .sources or one-line sources.list), else deb.debian.org.
apt_uri() {
  local suite=$1 fallback=$2 uri
  uri=$(awk -v s="$suite" '
    /^URIs:/ {u=$2} /^Suites:/ {for (i=2;i<=NF;i++) if ($i==s) hit=1}
    /^$/ {if (hit && u) {print u; exit} u=""; hit=0}
    END {if (hit && u) print u}' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
  [ -n "$uri" ] || uri=$(awk -v s="$suite" '$1=="deb" && $0 ~ (" " s " ") {for (i=2;i<=NF;i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -1)
  echo "${uri:-$fallback}"
}
MIRROR=$(apt_uri "$SUITE" http://deb.debian.org/debian)
SECURITY=$(apt_uri "$SUITE-security" http://deb.debian.org/debian-security)
PROXY=$(apt-config dump Acquire::http::Proxy 2>/dev/null | sed -n 's/^Acquire::http::Proxy "\(.*\)";$/\1/p' | head -1)
if [ -n "$PROXY" ] && [ "$PROXY" != DIRECT ]; then export http_proxy=$PROXY; fi

# Removes a directory tree after making sure nothing is mounted inside it (a stray bind of /proc or
# /dev under a half-built root must never be followed by rm -rf).
remove_tree() {
  local dir=$1 m
  [ -e "$dir" ] || return 0
  while read -r m; do umount "$m" 2>/dev/null || umount -l "$m" || die "cannot unmount $m"; done \
    < <(awk -v d="$(realpath "$dir")/" 'index($2 "/", d) == 1 {print $2}' /proc/mounts | sort -r)
  if awk -v d="$(realpath "$dir")/" 'index($2 "/", d) == 1 {found=1} END {exit !found}' /proc/mounts; then
    die "something is still mounted under $dir; not removing it"
  fi
  rm -rf --one-file-system "$dir"
}

in_root() { local root=$1; shift; chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive INITRD=No LANG=C.UTF-8 "$@"; }

marker_ok() { [ -f "$1/.disktune-root" ] && grep -qx "recipe: $2" "$1/.disktune-root"; }

build_base() {
  local final=$CACHE/$SUITE-base-r$BASE_RECIPE tmp
  marker_ok "$final" "$BASE_RECIPE" && return 0
  remove_tree "$final"
  tmp=$(mktemp -d "$CACHE/.build-base.XXXXXX")
  chmod 755 "$tmp"
  log "debootstrap --variant=minbase $SUITE from $MIRROR${http_proxy:+ via proxy $http_proxy} (about a minute)"
  if ! debootstrap --variant=minbase "$SUITE" "$tmp" "$MIRROR" >"$tmp.log" 2>&1; then
    tail -5 "$tmp.log" >&2
    die "debootstrap $SUITE from $MIRROR failed: $(cause "$tmp.log") (log: $tmp.log)"
  fi
  cat >"$tmp/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main non-free-firmware
deb $MIRROR $SUITE-updates main non-free-firmware
deb $SECURITY $SUITE-security main non-free-firmware
EOF
  [ -z "${http_proxy:-}" ] || echo "Acquire::http::Proxy \"$http_proxy\";" >"$tmp/etc/apt/apt.conf.d/01proxy"
  # Keep apt's date checks as this machine configures them (snapshot mirrors have old Release files).
  apt-config dump Acquire::Check-Valid-Until Acquire::Check-Date 2>/dev/null | grep -E '^Acquire::Check-(Valid-Until|Date) ' \
    >"$tmp/etc/apt/apt.conf.d/02dates" || true
  # No service starts inside the root.
  printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"; chmod 755 "$tmp/usr/sbin/policy-rc.d"
  log "installing ${BASE_PACKAGES[*]} in the base root"
  in_root "$tmp" apt-get -qq update >>"$tmp.log" 2>&1 || { tail -5 "$tmp.log" >&2; die "apt-get update inside the root failed: $(cause "$tmp.log") (log: $tmp.log)"; }
  in_root "$tmp" apt-get install -y -qq --no-install-recommends "${BASE_PACKAGES[@]}" >>"$tmp.log" 2>&1 \
    || { tail -5 "$tmp.log" >&2; die "installing ${BASE_PACKAGES[*]} inside the root failed: $(cause "$tmp.log") (log: $tmp.log)"; }
  local kver
  kver=$(ls "$tmp/lib/modules" | head -1)
  [ -n "$kver" ] && [ -f "$tmp/lib/modules/$kver/modules.dep" ] || die "no kernel modules under /lib/modules in the base root"
  in_root "$tmp" apt-get clean
  printf 'recipe: %s\nsuite: %s\nmirror: %s\npackages: %s\nkernel: %s\n' "$BASE_RECIPE" "$SUITE" "$MIRROR" "${BASE_PACKAGES[*]}" "$kver" \
    >"$tmp/.disktune-root"
  mv "$tmp" "$final"
  rm -f "$tmp.log"
}

# Installs the vendored mkinitcpio into a root as its Makefile's prepare and install-generator targets do
# (paths set by sed, version filled in), without man pages, shutdown units and pacman hooks. Arch's
# mkinitcpio-busybox package provides /usr/lib/initcpio/busybox: Debian's busybox is put there.
install_mkinitcpio() {
  local root=$1 src=$MKINITCPIO_SRC version
  version=$(cat "$src/VERSION")
  install -d "$root"/etc/mkinitcpio.d "$root"/etc/mkinitcpio.conf.d "$root"/etc/initcpio/{hooks,install,post} \
    "$root"/usr/lib/initcpio/{hooks,install,post,udev} "$root"/usr/share/mkinitcpio
  sed -e 's|\(^_f_config\)=.*|\1=/etc/mkinitcpio.conf|' \
      -e 's|\(^_f_functions\)=.*|\1=/usr/lib/initcpio/functions|' \
      -e 's|\(^_d_hooks\)=.*|\1=/etc/initcpio/hooks:/usr/lib/initcpio/hooks|' \
      -e 's|\(^_d_install\)=.*|\1=/etc/initcpio/install:/usr/lib/initcpio/install|' \
      -e 's|\(^_d_post\)=.*|\1=/etc/initcpio/post:/usr/lib/initcpio/post|' \
      -e 's|\(^_d_presets\)=.*|\1=/etc/mkinitcpio.d|' \
      -e 's|\(^_d_config\)=.*|\1=/etc/mkinitcpio.conf.d|' \
      -e "s|%VERSION%|$version|g" <"$src/mkinitcpio" >"$root/usr/bin/mkinitcpio"
  sed -e 's|\(^_f_functions\)=.*|\1=/usr/lib/initcpio/functions|' -e "s|%VERSION%|$version|g" \
    <"$src/lsinitcpio" >"$root/usr/bin/lsinitcpio"
  chmod 755 "$root/usr/bin/mkinitcpio" "$root/usr/bin/lsinitcpio"
  install -m644 "$src/mkinitcpio.conf" "$root/etc/mkinitcpio.conf"
  install -m755 -t "$root/usr/lib/initcpio" "$src/init" "$src/shutdown" "$src/functions"
  install -m644 -t "$root/usr/lib/initcpio" "$src/init_functions"
  install -m644 "$src/udev/01-memdisk.rules" "$root/usr/lib/initcpio/udev/01-memdisk.rules"
  cp -r -t "$root/usr/lib/initcpio" "$src/hooks" "$src/install"
  chmod -R u=rwX,go=rX "$root/usr/lib/initcpio/hooks" "$root/usr/lib/initcpio/install"
  install -m644 -t "$root/usr/share/mkinitcpio" "$src"/mkinitcpio.d/*
  install -m755 "$root/usr/bin/busybox" "$root/usr/lib/initcpio/busybox"
  # mkinitcpio runs with PATH=/usr/bin, where Arch keeps every program; Debian 12 keeps blkid, switch_root,
  # modinfo and others in /usr/sbin: link them into /usr/bin as Arch's layout has them.
  local prog
  for prog in "$root"/usr/sbin/*; do
    [ -e "$root/usr/bin/${prog##*/}" ] || ln -s "../sbin/${prog##*/}" "$root/usr/bin/${prog##*/}"
  done
}

# The recipe of a generator root: the generators' number, and for mkinitcpio also a hash of the vendored tree, of
# install_mkinitcpio and of its package list.
gen_recipe() {
  if [ "$1" = mkinitcpio ]; then
    echo "$GEN_RECIPE mkinitcpio-$( (cd "$MKINITCPIO_SRC" && find . -type f ! -name README.md -print0 | LC_ALL=C sort -z \
      | xargs -0 sha256sum; declare -f install_mkinitcpio; echo "${GEN_PACKAGES[mkinitcpio]}") | sha256sum | cut -c1-16)"
  else
    echo "$GEN_RECIPE"
  fi
}

build_generator() {
  local gen=$1 final=$CACHE/$SUITE-$1-r$GEN_RECIPE tmp microcode=none recipe
  recipe=$(gen_recipe "$gen")
  marker_ok "$final" "$recipe" && return 0
  remove_tree "$final"
  build_base
  tmp=$(mktemp -d "$CACHE/.build-$gen.XXXXXX")
  cp -a --reflink=auto "$CACHE/$SUITE-base-r$BASE_RECIPE/." "$tmp/"
  rm -f "$tmp/.disktune-root"
  log "installing ${GEN_PACKAGES[$gen]} in the $gen root"
  {
    in_root "$tmp" apt-get -qq update
    # shellcheck disable=SC2086
    in_root "$tmp" apt-get install -y -qq --no-install-recommends ${GEN_PACKAGES[$gen]}
  } >"$tmp.log" 2>&1 || { tail -5 "$tmp.log" >&2; die "installing ${GEN_PACKAGES[$gen]} inside the $gen root failed: $(cause "$tmp.log") (log: $tmp.log)"; }
  if [ "$gen" = initramfs-tools ]; then
    # Stock Debian puts CPU microcode in front of the image as uncompressed early archives. With
    # MODULES=most Intel's hook adds all Intel microcode; AMD's adds its own only on an AMD CPU
    # (it reads /proc/cpuinfo, absent in the chroot), so set it to "early" as an AMD machine would
    # get. Non-free-firmware may be missing from a mirror: then the tests synthesize an early archive.
    if in_root "$tmp" apt-get install -y -qq --no-install-recommends "${MICROCODE_PACKAGES[@]}" >>"$tmp.log" 2>&1; then
      grep -q '^#\?AMD64UCODE_INITRAMFS=' "$tmp/etc/default/amd64-microcode" || die "no AMD64UCODE_INITRAMFS in /etc/default/amd64-microcode"
      sed -i 's/^#\?AMD64UCODE_INITRAMFS=.*/AMD64UCODE_INITRAMFS=early/' "$tmp/etc/default/amd64-microcode"
      microcode="${MICROCODE_PACKAGES[*]}"
    else
      log "microcode packages not installable here (see $tmp.log); continuing without them"
    fi
  fi
  if [ "$gen" = mkinitcpio ]; then
    install_mkinitcpio "$tmp"
  fi
  in_root "$tmp" apt-get clean
  rm -f "$tmp"/boot/initrd.img-* "$tmp"/var/lib/initramfs-tools/* 2>/dev/null || true
  printf 'recipe: %s\nsuite: %s\nmirror: %s\npackages: %s %s\nmicrocode: %s\nkernel: %s\n' "$recipe" "$SUITE" "$MIRROR" \
    "${BASE_PACKAGES[*]}" "${GEN_PACKAGES[$gen]}" "$microcode" "$(ls "$tmp/lib/modules" | head -1)" >"$tmp/.disktune-root"
  mv "$tmp" "$final"
  rm -f "$tmp.log"
}

want=${1:-all}
case "$want" in
  base) gens=() ;;
  initramfs-tools|dracut|mkinitcpio) gens=("$want") ;;
  all) gens=(initramfs-tools dracut mkinitcpio) ;;
  *) die "unknown root '$want' (initramfs-tools, dracut, mkinitcpio, all or base)" ;;
esac

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9   # one builder at a time; a second caller waits, then finds the roots done
# Leftovers of an interrupted build.
for old in "$CACHE"/.build-*; do
  [ -e "$old" ] || continue
  if [ -d "$old" ]; then remove_tree "$old"; else rm -f "$old"; fi
done
if [ "$want" = base ]; then
  build_base
  echo "$CACHE/$SUITE-base-r$BASE_RECIPE"
fi
for gen in "${gens[@]}"; do
  build_generator "$gen"
  echo "$CACHE/$SUITE-$gen-r$GEN_RECIPE"
done
