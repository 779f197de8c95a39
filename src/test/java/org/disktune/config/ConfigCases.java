package org.disktune.config;

import java.util.List;

/** Broken and tricky configuration files, each with the exact problems the parser must report. */
final class ConfigCases {
    private ConfigCases() {
    }

    record Case(String name, String text, List<String> errors) {
    }

    static final List<Case> CASES = List.of(
            new Case("duplicate section", "[disk a]\nmatch.rotational = 1\n\n[disk a]\nmatch.rotational = 0\n", List.of(
                    "t.conf:4: duplicate section [disk a] at lines 1 and 4; merge them into one")),
            new Case("duplicate module section with - and _", "[module sata_nv]\nadma = 1\n[module sata-nv]\nswncq = 0\n", List.of(
                    "t.conf:3: duplicate section [module sata_nv] at lines 1 and 3; merge them into one")),
            new Case("duplicate key", "[disk a]\nmatch.rotational = 1\nread_ahead_kb = 128\nread_ahead_kb = 256\n", List.of(
                    "t.conf:4: duplicate key read_ahead_kb in [disk a] at lines 3 and 4; keep one")),
            new Case("missing ]", "[disk a\nmatch.rotational = 1\n[mount /]\natime = noatime\n", List.of(
                    "t.conf:1: section header [disk a lacks its closing ']'; write [disk a]")),
            new Case("key outside a section", "# header\nadma = 1\n[module sata_nv]\nadma = 1\n", List.of(
                    "t.conf:2: key adma is outside any section; put it under a [module NAME], [disk LABEL], [md NAME] or [mount PATH] header")),
            new Case("neither section nor key", "[module sata_nv]\nadma\n", List.of(
                    "t.conf:2: 'adma' is neither a [section] header nor KEY = VALUE; comments are whole lines starting with # or ;")),
            new Case("unknown section kind close", "[disc x]\nmatch.rotational = 1\n", List.of(
                    "t.conf:1: unknown section [disc x]; did you mean [disk x]?")),
            new Case("unknown section kind far", "[volume x]\nfoo = 1\n", List.of(
                    "t.conf:1: unknown section [volume x]; sections are [module NAME], [disk LABEL], [md NAME] and [mount PATH]")),
            new Case("section without name", "[disk]\nmatch.rotational = 1\n", List.of(
                    "t.conf:1: [disk] needs a name: write [disk LABEL], e.g. [disk raptors]")),
            new Case("unknown key close", "[disk a]\nmatch.rotational = 1\nread_ahead = 128\nshceduler = none\n", List.of(
                    "t.conf:3: unknown key read_ahead in [disk a]; did you mean read_ahead_kb?",
                    "t.conf:4: unknown key shceduler in [disk a]; did you mean scheduler?")),
            new Case("unknown key far", "[mount /]\nfrobnicate = 1\n", List.of(
                    "t.conf:2: unknown key frobnicate in [mount /]; known keys: atime, lazytime")),
            new Case("key of another scope", "[disk a]\nmatch.rotational = 1\nstripe_cache_size = 4096\natime = noatime\nmatch.uuid = 0\n[md md0]\nqueue_depth = 1\nmatch.model = X\n", List.of(
                    "t.conf:3: stripe_cache_size belongs in an [md NAME] section, not in [disk a]",
                    "t.conf:4: atime belongs in a [mount PATH] section, not in [disk a]",
                    "t.conf:5: match.uuid belongs in an [md NAME] section, not in [disk a]",
                    "t.conf:7: queue_depth belongs in a [disk LABEL] section, not in [md md0]",
                    "t.conf:8: match.model belongs in a [disk LABEL] section, not in [md md0]")),
            new Case("invalid values", "[disk a]\nmatch.rotational = 2\nmatch.transport = sata\nread_ahead_kb = 2000000\nqueue_depth = 0\nnr_requests = 2\nwrite_cache = maybe\napm = 0\nstandby = 256\nacoustic = 100\nio32 = 2\nmultcount = -1\ndma = yes\n"
                    + "[md md0]\nstripe_cache_size = 16\n[mount /]\natime = noatme\nlazytime = on\n", List.of(
                    "t.conf:2: match.rotational = 2 is not accepted; use 1 (spinning) or 0 (solid state)",
                    "t.conf:3: match.transport = sata is not a transport; use one of ata, scsi, nvme, virtio, usb, ide, loop, mmc",
                    "t.conf:4: read_ahead_kb = 2000000 is out of range; use a whole number from 0 to 1048576 KiB",
                    "t.conf:5: queue_depth = 0 is out of range; use a whole number from 1 to 1024 commands (1 turns NCQ off)",
                    "t.conf:6: nr_requests = 2 is out of range; use a whole number from 4 to 100000 requests (the kernel's minimum is 4)",
                    "t.conf:7: write_cache = maybe is not a switch; use on or off (on/off, yes/no and 1/0 are accepted)",
                    "t.conf:8: apm = 0 is out of range; use a whole number from 1 to 255 (255 turns APM off)",
                    "t.conf:9: standby = 256 is out of range; use a whole number from 0 to 255 (a timeout code; 0 turns standby off)",
                    "t.conf:10: acoustic = 100 is not an acoustic level; use 0 (off) or 128 (quiet) to 254 (fast)",
                    "t.conf:11: io32 = 2 is not accepted; use 0, 1, 3",
                    "t.conf:12: multcount = -1 is not a whole number; use one from 0 to 255 sectors",
                    "t.conf:15: stripe_cache_size = 16 is out of range; use a whole number from 17 to 32768 entries",
                    "t.conf:17: atime = noatme is not accepted; use noatime, relatime, strictatime")),
            new Case("scheduler syntax", "[disk a]\nmatch.rotational = 1\nscheduler = Deadline\n", List.of(
                    "t.conf:3: scheduler = Deadline is not a scheduler name; use one the disk offers in queue/scheduler, such as none, mq-deadline, bfq or kyber")),
            new Case("inline comment", "[module sata_nv]\nadma = 1 # turn on ADMA\n[disk a]\nmatch.rotational = 1 ; ssd\n", List.of(
                    "t.conf:2: the value of adma contains '#'; comments are whole lines starting with # or ; (nothing may follow a value)",
                    "t.conf:4: the value of match.rotational contains ';', which shells, udev rules and fstab treat specially; remove it")),
            new Case("injection in values", "[disk a]\nmatch.model = WDC$(reboot)\nmatch.serial = `id`\nmatch.vendor = a|b\nmatch.wwn = x>y\n[module sata_nv]\nadma = 1&&reboot\n", List.of(
                    "t.conf:2: the value of match.model contains '$', which shells, udev rules and fstab treat specially; remove it",
                    "t.conf:3: the value of match.serial contains a backtick, which shells, udev rules and fstab treat specially; remove it",
                    "t.conf:4: the value of match.vendor contains '|', which shells, udev rules and fstab treat specially; remove it",
                    "t.conf:5: the value of match.wwn contains '>', which shells, udev rules and fstab treat specially; remove it",
                    "t.conf:7: the value of adma contains '&', which shells, udev rules and fstab treat specially; remove it")),
            new Case("carriage return and C1 control", "[disk a]\nmatch.model = A\u0085B\nmatch.serial = A\rB\nmatch.rotational = 1\n", List.of(
                    "t.conf:2: the line contains the control character U+0085; remove it (only printable text is allowed)",
                    "t.conf:3: the line contains a carriage return; remove it (lines end with LF or CR LF)")),
            new Case("a NUL byte: not a text file, one error", "[disk a]\nmatch.model = A\u0000B\nmatch.serial = A\rB\nscheduler = \u001b[31mnone\n", List.of(
                    "t.conf:2: column 16 holds the control byte NUL (0x00), so this is not a text configuration (a damaged or binary file); "
                            + "write it again as text (man disktune.conf) or restore it from a backup")),
            new Case("NULs only (head -c 4096 /dev/zero)", "\u0000".repeat(4096), List.of(
                    "t.conf:1: column 1 holds the control byte NUL (0x00), so this is not a text configuration (a damaged or binary file); "
                            + "write it again as text (man disktune.conf) or restore it from a backup")),
            new Case("escape in a comment", "# \u001b[31m\n[disk a]\nmatch.rotational = 1\n", List.of(
                    "t.conf:1: column 3 holds the control byte 0x1B, so this is not a text configuration (a damaged or binary file); "
                            + "write it again as text (man disktune.conf) or restore it from a backup")),
            new Case("backslash continuation", "[disk a]\nmatch.rotational = 1\nread_ahead_kb = 12\\\n8\n", List.of(
                    "t.conf:3: the line contains a backslash '\\'; remove it (disktune.conf has no escapes)",
                    "t.conf:4: '8' is neither a [section] header nor KEY = VALUE; comments are whole lines starting with # or ;")),
            new Case("injection in labels", "[disk ../../etc]\nmatch.rotational = 1\n[disk a;b]\nmatch.rotational = 1\n[md md0/../x]\nread_ahead_kb = 1\n[module sata nv]\nadma = 1\n[module Sata_NV]\nadma = 1\n", List.of(
                    "t.conf:1: [disk ../../etc] is not a valid label; use letters, digits and _ . : - (starting with a letter or digit, no '..')",
                    "t.conf:3: [disk a;b] is not a valid label; use letters, digits and _ . : - (starting with a letter or digit, no '..')",
                    "t.conf:5: [md md0/../x] is not a valid name; use letters, digits and _ . : - (starting with a letter or digit, no '..')",
                    "t.conf:7: [module sata nv] is not a module name; use lower-case letters, digits and _ as lsmod shows it",
                    "t.conf:9: [module Sata_NV] is not a module name; use lower-case letters, digits and _ as lsmod shows it")),
            new Case("name glob", "[disk a]\nmatch.name = ../x\n[disk b]\nmatch.name = sd/a\n[disk c]\nmatch.name = sd[a-c]?\nmatch.name.force = yes\n[disk d]\nmatch.rotational = 1\nmatch.name.force = yes\n", List.of(
                    "t.conf:2: match.name = ../x is not a kernel name glob; use letters, digits and _ . : - with * ? [ ] (no '/')",
                    "t.conf:4: match.name = sd/a is not a kernel name glob; use letters, digits and _ . : - with * ? [ ] (no '/')",
                    "t.conf:10: match.name.force without match.name in [disk d]; add match.name = GLOB or remove it")),
            new Case("mount paths", "[mount home]\natime = noatime\n[mount /home/]\natime = noatime\n[mount /a//b]\natime = noatime\n[mount /a/../etc]\natime = noatime\n[mount /a/./b]\natime = noatime\n[mount /a;reboot]\natime = noatime\n[mount /srv/my disk]\natime = relatime\n", List.of(
                    "t.conf:1: [mount home] is not an absolute, normalized path; write it as findmnt shows it, e.g. [mount /home]",
                    "t.conf:3: [mount /home/] is not an absolute, normalized path; write it as findmnt shows it, e.g. [mount /home]",
                    "t.conf:5: [mount /a//b] is not an absolute, normalized path; write it as findmnt shows it, e.g. [mount /home]",
                    "t.conf:7: [mount /a/../etc] is not an absolute, normalized path; write it as findmnt shows it, e.g. [mount /home]",
                    "t.conf:9: [mount /a/./b] is not an absolute, normalized path; write it as findmnt shows it, e.g. [mount /home]",
                    "t.conf:11: the mount point /a;reboot contains ';', which shells, udev rules and fstab treat specially; remove it")),
            new Case("disk without match keys", "[disk lonely]\nread_ahead_kb = 128\n", List.of(
                    "t.conf:1: [disk lonely] has no match.* key, so it would match no disk; add one such as match.model = GLOB or match.wwn = WWN")),
            new Case("bad module options", "[module sata_nv]\nadma = maybe\nbogus = 1\nAdma = 1\n[module libata]\nforce = noncqq\n[module foo_bar]\nx = a,b\ny = a/b\n", List.of(
                    "t.conf:2: sata_nv.adma is a bool: use 1 or 0 (Y/N, y/n, on/off also work), not 'maybe'",
                    "t.conf:4: 'Adma' in [module sata_nv] is not a module parameter name; use lower-case letters, digits and _",
                    "t.conf:6: libata.force value 'noncqq' is unknown; known values include noncq, ncq, 1.5Gbps, 3.0Gbps, udma5, nolpm (see libata.force in kernel-parameters.txt)",
                    "t.conf:9: value of foo_bar y contains '/', which modprobe.d lines and shells treat specially; allowed: letters, digits and '_' '.' ',' ':' '=' '+' '-'")),
            new Case("md names and uuids", "[md home]\nread_ahead_kb = 1\n[md data]\nmatch.uuid = 3B1A5C2E:8F0D4A71:C2E95B60:1D7F3A48\n[md data2]\nmatch.uuid = 3b1a5c2e-8f0d-4a71-c2e9-5b601d7f3a48\n[md bad]\nmatch.uuid = 1234\n", List.of(
                    "t.conf:1: [md home] is not a kernel array name such as md0 or md127; use that name or add match.uuid = UUID",
                    "t.conf:6: match.uuid = 3b1a5c2e-8f0d-4a71-c2e9-5b601d7f3a48 names the same array as line 4; merge the two [md] sections",
                    "t.conf:8: match.uuid = 1234 is not an md array UUID; write it as mdadm --detail shows it, e.g. 3b1a5c2e:8f0d4a71:c2e95b60:1d7f3a48")),
            new Case("empty value", "[disk a]\nmatch.rotational = 1\nscheduler =\n", List.of(
                    "t.conf:3: scheduler in [disk a] has no value; write scheduler = VALUE")),
            new Case("empty header", "[]\n[ ]\n", List.of(
                    "t.conf:1: empty section header []; write [module NAME], [disk LABEL], [md NAME] or [mount PATH]",
                    "t.conf:2: empty section header []; write [module NAME], [disk LABEL], [md NAME] or [mount PATH]")),
            new Case("invalid utf-8", "[disk a]\nmatch.model = \u00ff\n", List.of(
                    "t.conf:2: the line is not valid UTF-8; save the file as UTF-8")));
}
