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
# Not yet: the benchmarks on a device whose truth is known (probes/known-truth.sh, issue 34) are to run here (the PIIX
# run ends minutes before the q35 run). A hand-run guest at 40 ms per request proved every random-read effect, but
# base's seq-read-buffered reached 36% of its theory (KnownTruth: cannot tell), and the probe took about 12 minutes
# at load 13 (docs/testing.md, "Benchmarks on a device whose truth is known").
