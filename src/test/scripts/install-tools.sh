#!/usr/bin/env bash
# install-tools.sh - install, where missing, what building disktune or running its tests needs on Debian 12.
#
# Usage: src/test/scripts/install-tools.sh build   Java 17, Maven and rpmbuild: what `mvn package` needs
#        src/test/scripts/install-tools.sh test    the above, every tool the tests compare against or run, and
#                                                  the caches the slow tests fill (Debian roots, the e2e guest)
#
# Installs only packages whose command is missing (nothing at all when everything is there, so it needs root
# only on a machine that lacks something), then, for `test`, warms the cache of Debian 12 roots that the
# real-generator tests use (/var/cache/disktune-test, src/test/scripts/debian-roots.sh) and the end-to-end
# test's guest image (src/test/e2e/build-guest.sh). The tests build those themselves when missing and fail
# saying why when they cannot; warming them here keeps their time apart in the log. Each step prints its time.
# README.md's quick start chains this script with Maven; .ci/run runs exactly that line.
set -euo pipefail
cd "$(dirname "$0")/../../.."

mode=${1:-}
case "$mode" in
  build|test) ;;
  *) echo "usage: $0 build|test" >&2; exit 2 ;;
esac

export DEBIAN_FRONTEND=noninteractive
need=()
missing() { # PACKAGE:COMMAND... -> the packages whose command is not on PATH
  local pkg_cmd
  for pkg_cmd in "$@"; do
    command -v "${pkg_cmd#*:}" >/dev/null 2>&1 || need+=("${pkg_cmd%%:*}")
  done
}
java -version 2>&1 | grep -q 'version "17' || need+=(openjdk-17-jdk-headless)
missing maven:mvn
# rpmbuild (Debian's rpm): mvn package builds the RPM beside the .deb (without it the build stops saying so in one line)
missing rpm:rpmbuild
if [ "$mode" = test ]; then
  # real archivers and compressors: the image reader's listings are compared with theirs
  # debootstrap: the Debian 12 roots in which the real initramfs-tools, dracut and mkinitcpio (vendored, src/test/mkinitcpio)
  # make images
  # udev (udevadm test of the generated rules), systemd (systemd-analyze verify of units/), hdparm (its output
  # formats), man-db (man --warnings -l and lexgrog read every man page: ManPageTest), tmux
  # (TerminalWalkthroughIT types into it), qemu-system-x86 and e2fsprogs (mkfs.ext4 -d, debugfs): the
  # end-to-end test (WholeCycleIT, src/test/e2e/) boots Debian 12 guests under QEMU (TCG); fdisk (sfdisk): the
  # partition table of the guest disk its GRUB boots from
  missing fdisk:sfdisk cpio:cpio gzip:gzip bzip2:bzip2 xz-utils:xz zstd:zstd lz4:lz4 lzop:lzop util-linux:setpriv \
    debootstrap:debootstrap udev:udevadm systemd:systemd-analyze hdparm:hdparm man-db:lexgrog tmux:tmux \
    qemu-system-x86:qemu-system-x86_64 e2fsprogs:debugfs e2fsprogs:mkfs.ext4
  # lintian: DebPackageIT checks the .deb that mvn package builds (0 errors); prometheus: promtool checks
  # verify's metrics file; ansible (not only ansible-core: the community.general.chroot connection): AnsibleRoleIT
  missing lintian:lintian prometheus:promtool
  # rpmlint: RpmPackageIT checks the .rpm (0 errors); ansible-lint: AnsibleRoleIT lints the collection
  missing rpmlint:rpmlint ansible-lint:ansible-lint
  dpkg-query -W -f '${db:Status-Status}' ansible 2>/dev/null | grep -qx installed || need+=(ansible)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-tools: missing packages ${need[*]}: run this script as root (it uses apt-get)" >&2
    exit 1
  fi
  t0=$SECONDS
  apt-get update -qq
  apt-get install -y -qq "${need[@]}"
  echo "install-tools: installed ${need[*]} in $((SECONDS - t0)) s" >&2
fi
[ "$mode" = build ] && exit 0

# The caches of the slow tests: a failure here is not fatal, the tests themselves say why.
t0=$SECONDS
src/test/scripts/debian-roots.sh all >/dev/null \
  || echo "install-tools: the Debian roots could not be built; RealGeneratorImagesTest will say why" >&2
echo "install-tools: Debian roots ready after $((SECONDS - t0)) s" >&2
t0=$SECONDS
src/test/e2e/build-guest.sh >/dev/null \
  || echo "install-tools: the e2e guest could not be built; WholeCycleIT will say why" >&2
echo "install-tools: e2e guest ready after $((SECONDS - t0)) s" >&2
