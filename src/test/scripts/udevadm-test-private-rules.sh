#!/bin/sh
# Runs `udevadm test --action=ACTION SYSFS_PATH` with RULES_DIR mounted over /etc/udev/rules.d in a
# private mount namespace, so that udev sees the rules under test (and the packaged ones in
# /usr/lib/udev/rules.d) and the machine's /etc is never touched. Needs root.
# Usage: udevadm-test-private-rules.sh RULES_DIR ACTION SYSFS_PATH
set -eu
if [ "$#" -ne 3 ]; then
    echo "usage: $0 RULES_DIR ACTION SYSFS_PATH" >&2
    exit 2
fi
if [ "${DISKTUNE_IN_NAMESPACE:-}" != 1 ]; then
    DISKTUNE_IN_NAMESPACE=1 exec unshare --mount --propagation private "$0" "$@"
fi
mount --bind "$1" /etc/udev/rules.d
exec udevadm test --action="$2" "$3"
