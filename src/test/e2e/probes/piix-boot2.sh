# Boot 2 of the PIIX run: the udev rule (hdparm settings through disktune apply --device), the sysfs
# readahead and the fstab noatime came back by themselves; verify says ok.
. /probe/lib.sh
systemctl show disktune.service -p ActiveState -p Result -p ExecMainStatus >"$O/service.txt" 2>&1
for d in /dev/disk/by-id/ata-*; do case $d in *-part*) ;; *) echo "== $d"; hdparm -m -a "$d" 2>&1;; esac; done >"$O/hdparm.txt"
sysfs_settings 'ata-*' >"$O/sysfs.txt"
cp /proc/mounts "$O/mounts.txt"
run verify disktune verify --json
