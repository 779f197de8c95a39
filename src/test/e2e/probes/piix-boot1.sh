# Boot 1 of the PIIX run (machine pc, ata_piix, the fifth seed's two drives as master and slave): disktune
# installed as a user would, the baseline recorded, the legacy settings of the seed applied.
. /probe/lib.sh
run install install_disktune
run units-install disktune units install
run detect disktune detect --json
for d in /dev/disk/by-id/ata-*; do case $d in *-part*) ;; *) echo "== $d"; hdparm -m -a "$d" 2>&1;; esac; done >"$O/hdparm.txt"
sysfs_settings 'ata-*' >"$O/sysfs.txt"
cp /proc/mounts "$O/mounts.txt"
install -D -m 0644 /probe/disktune.conf /etc/disktune/disktune.conf
run apply disktune apply --json
run verify disktune verify --json
