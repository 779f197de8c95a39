# Boot 3 of the q35 run: disktune rollback to before the first apply (the journal id of boot 1's apply is
# in /probe/apply-id), then the configuration removed as its user would.
. /probe/lib.sh
run rollback disktune rollback --json --to "$(cat /probe/apply-id)"
rm -f /etc/disktune/disktune.conf
rmdir /etc/disktune 2>/dev/null
