# Boot 2 of the PIIX run: the udev rule (sysfs readahead; the write cache through disktune apply --device)
# and the fstab noatime came back by themselves; GRUB booted the kernel with libahci.ignore_sss=1, which libahci took;
# verify says ok. Then everything rolled back and the configuration removed (boot 3 shows the machine as before).
. /probe/lib.sh
cmdline_state
systemctl show disktune.service -p ActiveState -p Result -p ExecMainStatus >"$O/service.txt" 2>&1
wait_device_runs 300
sysfs_settings 'ata-*' >"$O/sysfs.txt"
wait_mounted /srv/data 600
cp /proc/mounts "$O/mounts.txt"
run verify disktune verify --json
run rollback disktune rollback --json --to "$(cat /probe/apply-id)"
rm -f /etc/disktune/disktune.conf
rmdir /etc/disktune 2>/dev/null
# The benchmarks on a device whose truth is known (issue 34; judged by WholeCycleIT.knownTruth): random reads only,
# the PIIX run ending minutes before the q35 run; 16 bench runs of null_blk (docs/testing.md, "Benchmarks on a
# device whose truth is known").
KT_WORKLOADS=rand-read-4k-qd32 KT_STATES="nr4 deadline"
. /probe/known-truth.sh
