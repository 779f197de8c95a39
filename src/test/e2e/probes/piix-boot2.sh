# Boot 2 of the PIIX run: the udev rule (sysfs readahead; the write cache through disktune apply --device)
# and the fstab noatime came back by themselves; verify says ok.
. /probe/lib.sh
systemctl show disktune.service -p ActiveState -p Result -p ExecMainStatus >"$O/service.txt" 2>&1
wait_device_runs 300
sysfs_settings 'ata-*' >"$O/sysfs.txt"
wait_mounted /srv/data 600
cp /proc/mounts "$O/mounts.txt"
run verify disktune verify --json
# Then the benchmarks on a device whose truth is known (null_blk with a fixed completion time; issue 34). Here, not in
# the q35 run: the PIIX run ends minutes before the q35 run, so these minutes do not lengthen the test.
. /probe/known-truth.sh
