# Boot 3 of the q35 run (after boot 2 rolled back to before the first apply): the machine as before the first apply.
. /probe/lib.sh
sysfs_settings 'ata-*' >"$O/sysfs.txt"
wait_mounted /srv/data 600
cp /proc/mounts "$O/mounts.txt"
run kernel-log disktune kernel-log --json
hashlist >"$O/hashes.txt"
run verify disktune verify --json
systemctl show disktune.service -p ActiveState -p Result -p ConditionResult >"$O/service.txt" 2>&1
