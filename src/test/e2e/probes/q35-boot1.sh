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
run apply disktune apply --json --bench "$(cat /probe/bench-target)"
cp /etc/udev/rules.d/90-disktune.rules /etc/modprobe.d/disktune.conf /etc/fstab "$O/" 2>/dev/null
sysfs_settings 'ata-*' >"$O/sysfs-after.txt"
