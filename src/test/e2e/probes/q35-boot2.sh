# Boot 2 of the q35 run: nobody runs disktune apply; disktune.service and the udev rules did it all.
# Then the hotplug of a fourth disk (the harness adds it through QMP when out/hotplug-request appears,
# and answers with /probe/hotplug-done), drift made by hand, the udev rules file removed, and at last
# rollback to before the first apply (a reboot to the restored image is boot 3).
. /probe/lib.sh
systemctl show disktune.service -p ActiveState -p Result -p ExecMainStatus >"$O/service.txt" 2>&1
cp /var/lib/disktune/boot-status.json "$O/boot-status.json" 2>/dev/null
wait_device_runs 300
sysfs_settings 'ata-*' >"$O/sysfs.txt"
wait_mounted /srv/data 600
cp /proc/mounts "$O/mounts.txt"
run verify disktune verify --json
run kernel-log disktune kernel-log --json
NB=/sys/block/nullb0/queue
echo "scheduler=$(sed -n 's/.*\[\(.*\)\].*/\1/p' $NB/scheduler) read_ahead_kb=$(cat $NB/read_ahead_kb)" >"$O/nullb0.txt"
run verify-bench disktune verify --bench --json

# a change event, nobody running disktune: the write cache turned on by hand goes off again through the udev
# rule's RUN (systemd-run, then disktune apply --device in a transient service)
HDD1=$(readlink -f /dev/disk/by-id/ata-DTE_HDD_1G_DTE-HDD-0001)
hdparm -W1 "$HDD1" >/dev/null 2>&1
t0=$(now)
note "change event on $HDD1"
udevadm trigger --action=change --settle "$HDD1"
wc=""
for _ in $(seq 360); do
  wc=$(hdparm -W "$HDD1" 2>/dev/null | sed -n 's/.*write-caching *= *\([0-9]*\).*/\1/p')
  [ "$wc" = 0 ] && break
  sleep 0.5
done
echo "write_cache=$wc after_s=$(secs "$t0" "$(now)")" >"$O/change-event.txt"
# why the rule goes through systemd-run: udevd's sandbox has MemoryDenyWriteExecute=yes, and a JVM under it
systemd-run --wait --quiet -p MemoryDenyWriteExecute=yes java -version >"$O/mdwe-java.txt" 2>&1
echo "exit=$?" >>"$O/mdwe-java.txt"

# hotplug: the host adds a virtio-scsi disk whose serial matches [disk hot4]
HOT=$(cat /probe/hot-serial)
touch "$O/hotplug-request"
for _ in $(seq 600); do [ -e /probe/hotplug-done ] && break; sleep 0.5; done
t0=$(now)
note "hotplug: waiting for the disk with serial $HOT"
link=""
for _ in $(seq 240); do
  link=$(ls -d /dev/disk/by-id/*"$HOT" 2>/dev/null | grep -v -- -part | head -1)
  [ -n "$link" ] && break
  sleep 0.25
done
if [ -n "$link" ]; then
  echo "appeared_s=$(secs "$t0" "$(now)") link=$link" >"$O/hotplug.txt"
  udevadm settle --timeout=60
  echo "settled_s=$(secs "$t0" "$(now)")" >>"$O/hotplug.txt"
  sysfs_settings "$(basename "$link")" >"$O/hotplug-sysfs.txt"
  udevadm info "$link" >"$O/hotplug-udev.txt" 2>&1
else
  echo "appeared_s=never" >"$O/hotplug.txt"
fi

# drift: a value changed by hand
SSD=$(basename "$(readlink -f /dev/disk/by-id/ata-DTE_SSD_2G_DTE-SSD-0002)")
old=$(cat /sys/block/$SSD/queue/read_ahead_kb)
echo 4000 >/sys/block/$SSD/queue/read_ahead_kb
run verify-drift disktune verify --json
echo "$old" >/sys/block/$SSD/queue/read_ahead_kb

# the udev rules file removed: the settings are live but will be lost at reboot
cp -p /etc/udev/rules.d/90-disktune.rules /root/90-disktune.rules.saved
rm /etc/udev/rules.d/90-disktune.rules
run verify-norules disktune verify --json
cp -p /root/90-disktune.rules.saved /etc/udev/rules.d/90-disktune.rules && rm /root/90-disktune.rules.saved

# rollback to before the first apply (the journal id of boot 1's apply is in /probe/apply-id), then the
# configuration removed as its user would; the next boot shows the machine as before
run rollback disktune rollback --json --to "$(cat /probe/apply-id)"
rm -f /etc/disktune/disktune.conf /etc/modules-load.d/disktune-e2e-null_blk.conf
rmdir /etc/disktune 2>/dev/null
