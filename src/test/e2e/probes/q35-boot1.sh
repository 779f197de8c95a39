# Boot 1 (baseline) of the q35 run, inside the guest. Installs disktune as a user would (dpkg -i of the
# .deb from the share, disktune units install), records the baseline, writes the configuration the
# harness put in /probe/disktune.conf, and applies it (the real update-initramfs runs in the guest).
. /probe/lib.sh
run install install_disktune
run units-install disktune units install
run detect disktune detect --json
run kernel-log disktune kernel-log --json
sysfs_settings 'ata-*' >"$O/sysfs.txt"
# boot 1 runs with systemd's 90 s device timeout still (the drop-in counts from the next boot): mount it if it ran out
wait_mounted /srv/data 120 || mount /srv/data
cp /proc/mounts "$O/mounts.txt"
hashlist >"$O/hashes.txt"
install -D -m 0644 /probe/disktune.conf /etc/disktune/disktune.conf
run apply disktune apply --json
cp /etc/udev/rules.d/90-disktune.rules /etc/modprobe.d/disktune.conf /etc/fstab "$O/" 2>/dev/null
sysfs_settings 'ata-*' >"$O/sysfs-after.txt"

# tune on the known-truth device (issue 34; docs/testing.md, "tune on the known-truth device"): null_blk with the options
# of [module null_blk], which the apply above wrote into disktune's modprobe.d file, loaded now and at every boot
# (modules-load.d, removed again in boot 2); read_ahead_kb 8 by hand, the known worst. tune sweeps it within its budget
# and writes the winner into disktune.conf ([disk tuned-nullb0], match.name); apply --bench measures the baseline
# (3 runs at read_ahead_kb 8) and applies the winner; boot 2's verify --bench measures again.
NB=/sys/block/nullb0/queue
echo null_blk >/etc/modules-load.d/disktune-e2e-null_blk.conf
modprobe null_blk && udevadm settle -t 30
echo 8 >$NB/read_ahead_kb
run tune disktune tune /dev/nullb0 --write --trial-time 0.5 --budget 2m30s --json
cp /etc/disktune/disktune.conf "$O/disktune-tuned.conf"
run apply-tuned disktune apply --json --bench /dev/nullb0
echo "scheduler=$(sed -n 's/.*\[\(.*\)\].*/\1/p' $NB/scheduler) read_ahead_kb=$(cat $NB/read_ahead_kb)" >"$O/nullb0.txt"
