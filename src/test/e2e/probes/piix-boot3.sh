# Boot 3 of the PIIX run (after boot 2 rolled back every change): GRUB booted the kernel without libahci.ignore_sss=1
# again, libahci runs with its default, /etc and /boot are as in boot 1 before the first apply, and verify without
# a configuration exits 0.
. /probe/lib.sh
cmdline_state
hashlist >"$O/hashes.txt"
run verify disktune verify --json
