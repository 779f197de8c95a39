# Boot 1 of the PIIX run (machine pc, ata_piix, the fifth seed's two drives as master and slave): disktune
# installed as a user would (dpkg -i, units install); the seed's legacy IDE settings that libata does not take (hdparm -c3, -m16) are
# refused by disktune with the reason, and hdparm itself refuses -m on a libata disk; the ones libata honours
# (readahead, the drive's write cache, noatime in fstab) are applied. The guest booted from its own disk through
# GRUB (boot.sh --boot disk): a second apply adds [module libahci] via = cmdline, which update-grub puts on the
# kernel command line of the next boot.
. /probe/lib.sh
cmdline_state
run install install_disktune
run units-install disktune units install
IBM=/dev/disk/by-id/ata-IC35L120AVV207-0_VNVB01G4C1ABCD
run hdparm-m hdparm -m16 "$IBM"
for d in /dev/disk/by-id/ata-*; do case $d in *-part*) ;; *) echo "== $d"; hdparm -m -a -W "$d" 2>&1;; esac; done >"$O/hdparm.txt"
sysfs_settings 'ata-*' >"$O/sysfs.txt"
# boot 1 runs with systemd's 90 s device timeout still (the drop-in counts from the next boot): mount it if it ran out
wait_mounted /srv/data 120 || mount /srv/data
cp /proc/mounts "$O/mounts.txt"
run seed-legacy disktune config check --config /probe/seed-legacy.conf
hashlist >"$O/hashes.txt"
install -D -m 0644 /probe/disktune.conf /etc/disktune/disktune.conf
run apply disktune apply --json
# the same settings and a kernel command line parameter: /etc/default/grub.d/disktune.cfg, update-grub (exit 3: reboot)
install -m 0644 /probe/disktune-cmdline.conf /etc/disktune/disktune.conf
run apply-cmdline disktune apply --json
run verify-pending disktune verify --json
