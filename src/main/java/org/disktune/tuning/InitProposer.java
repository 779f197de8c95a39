package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.disktune.config.DiskFacts;
import org.disktune.config.SettingValue;
import org.disktune.config.Transport;
import org.disktune.detect.Disk;
import org.disktune.detect.MachineReport;
import org.disktune.detect.MdArray;
import org.disktune.detect.ModuleFix;
import org.disktune.detect.ModuleFixAnalyzer;
import org.disktune.detect.Mount;
import org.disktune.hdparm.HdparmConf;
import org.disktune.modprobe.DriverCatalog;

/**
 * Proposes a {@code disktune.conf} for a machine ({@code disktune init}): pure, from a report read beforehand.
 *
 * <ul>
 * <li>{@code [module sata_nv] adma = 1} (or {@code swncq = 1}) where detect's {@link ModuleFixAnalyzer} finds
 * the chip running without the NCQ mode it needs;</li>
 * <li>{@code [module nvme_core] default_ps_max_latency_us = 0} (APST off) where the kernel log shows an NVMe controller
 * reset or lost while APST was allowed (detect's {@link ModuleFixAnalyzer} again);</li>
 * <li>for each spinning disk, a scheduler that keeps sequential streams together and bounds waiting:
 * {@code mq-deadline} if offered, else {@code deadline} (2.6 kernels), else {@code bfq}, only when it is not
 * already active; disks whose rotation is unknown (before Linux 2.6.29) get a note, not a guess;</li>
 * <li>for RAID4/5/6 arrays reading ahead less than 4096 KiB, {@code read_ahead_kb = 4096};</li>
 * <li>{@code atime = noatime} for each writable disk file system mounted without noatime or relatime;</li>
 * <li>the device blocks of Debian's {@code /etc/hdparm.conf}, imported into the sections of their disks with the line
 * each setting comes from ({@code read_ahead_sect} halved into {@code read_ahead_kb}).</li>
 * </ul>
 * Disk sections match by WWN, else serial, else a /dev/disk/by-id name; only a disk with none of them is
 * matched by kernel name ({@link DiskSectionNames}). The hdparm.conf import is {@link HdparmConfImport}.
 */
public final class InitProposer {
    /** File systems that write an access time on read (virtual and read-only ones are not in the report or skipped). */
    private static final Set<String> ATIME_FILE_SYSTEMS = Set.of("ext2", "ext3", "ext4", "xfs", "btrfs", "jfs", "reiserfs", "reiser4",
            "f2fs", "nilfs2", "bcachefs", "ocfs2", "gfs2");
    private static final Set<String> STRIPED_LEVELS = Set.of("raid4", "raid5", "raid6");
    private static final Set<Transport> NOT_DISKS = Set.of(Transport.LOOP, Transport.ZRAM, Transport.MD, Transport.DM);
    private static final List<String> SCHEDULER_CHOICE = List.of("mq-deadline", "deadline", "bfq");
    private static final int ARRAY_READ_AHEAD_KB = 4096;
    private static final DeviceOrder DEVICE_ORDER = new DeviceOrder();

    private final ModuleFixAnalyzer moduleFixes;
    private final DiskFactsBuilder factsBuilder = new DiskFactsBuilder();

    public InitProposer(DriverCatalog catalog) {
        this.moduleFixes = new ModuleFixAnalyzer(catalog);
    }

    public Proposal propose(MachineReport report) {
        return propose(report, HdparmConfImport.NONE);
    }

    /**
     * The proposal with Debian's /etc/hdparm.conf imported ({@code hdparmConf} null when the host has none): a device path
     * of a block is resolved by {@code kernelNameOfDevicePath} ({@code /dev/disk/by-uuid/...} to {@code sdc1}) and cut at
     * its first digit as Debian's hdparm-functions does.
     */
    public Proposal propose(MachineReport report, HdparmConf hdparmConf, Function<String, Optional<String>> kernelNameOfDevicePath) {
        return propose(report, hdparmConf == null ? HdparmConfImport.NONE : new HdparmConfImport(hdparmConf, kernelNameOfDevicePath));
    }

    private Proposal propose(MachineReport report, HdparmConfImport hdparm) {
        List<String> sections = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        modules(report, sections, reasons);
        disks(report, hdparm, sections, reasons, notes);
        arrays(report, sections, reasons, notes);
        mounts(report, sections, reasons);
        String kernel = report.kernel() == null ? "an unknown kernel" : "kernel " + report.kernel();
        StringBuilder text = new StringBuilder();
        if (sections.isEmpty()) {
            text.append("# disktune.conf: disktune init found nothing to propose for this machine (").append(kernel).append(").\n")
                    .append("# Add [disk], [md], [mount] or [module] sections here; disktune plan shows what they would change.\n");
        } else {
            text.append("# disktune.conf proposed by disktune init for this machine (").append(kernel).append(").\n")
                    .append("# Each section says why. Check them, save this as /etc/disktune/disktune.conf, then run disktune plan.\n");
            for (String section : sections) {
                text.append('\n').append(section);
            }
        }
        return new Proposal(text.toString(), reasons, notes);
    }

    private void modules(MachineReport report, List<String> sections, List<String> reasons) {
        Map<String, List<ModuleFix>> byModule = new LinkedHashMap<>();
        for (ModuleFix fix : moduleFixes.fixes(report)) {
            List<ModuleFix> fixes = byModule.computeIfAbsent(fix.module(), m -> new ArrayList<>());
            if (fixes.stream().noneMatch(f -> f.parameter().equals(fix.parameter()))) {
                fixes.add(fix);
            }
        }
        byModule.forEach((module, fixes) -> {
            StringBuilder s = new StringBuilder();
            for (ModuleFix fix : fixes) {
                s.append("# ").append(fix.problem()).append(".\n")
                        .append("# ").append(fix.parameter()).append(" = ").append(fix.value()).append(' ').append(fix.gives()).append(".\n");
                reasons.add("[module " + module + "] " + fix.parameter() + " = " + fix.value() + ": " + fix.problem());
            }
            s.append("[module ").append(module).append("]\n");
            fixes.forEach(fix -> s.append(fix.parameter()).append(" = ").append(fix.value()).append('\n'));
            sections.add(s.toString());
        });
    }

    private void disks(MachineReport report, HdparmConfImport hdparm, List<String> sections, List<String> reasons, List<String> notes) {
        Set<String> labels = new LinkedHashSet<>();
        List<Disk> disks = report.disks().stream().filter(d -> !NOT_DISKS.contains(d.transport()))
                .sorted(Comparator.comparing(Disk::name, DEVICE_ORDER)).toList();
        Map<String, HdparmConf.DeviceBlock> blocks = hdparm.blocksByDisk(disks, notes);
        SettingTable table = SettingTable.of(report);
        for (Disk disk : disks) {
            String scheduler = proposedScheduler(disk, notes);
            HdparmConf.DeviceBlock block = blocks.get(disk.name());
            if (scheduler == null && block == null) {
                continue;
            }
            DiskFacts facts = factsBuilder.facts(report, disk);
            DiskSectionNames.MatchKey match = DiskSectionNames.match(disk, facts);
            String label = DiskSectionNames.unique(labels, DiskSectionNames.label(disk, facts));
            StringBuilder s = new StringBuilder();
            String why = null;
            if (scheduler != null) {
                String what = (disk.model() == null ? disk.name() : disk.model() + " (" + disk.name() + ")");
                why = what + " spins and runs " + (disk.scheduler() == null ? "an unknown scheduler" : disk.scheduler())
                        + "; " + scheduler + " keeps its sequential streams together and bounds how long a request waits";
                s.append("# ").append(why).append(".\n");
            }
            if (block != null) {
                s.append("# Imported from ").append(hdparm.conf().file()).append(" line ").append(block.line()).append(" (")
                        .append(block.device()).append(" {): once disktune applies these, remove that block from ")
                        .append(hdparm.conf().file()).append(", or the two fight at every boot and hotplug.\n");
            }
            if (match.key().equals("match.name")) {
                s.append("# It has no WWN, serial or /dev/disk/by-id name, so it is matched by kernel name, which can move between boots.\n");
            }
            s.append("[disk ").append(label).append("]\n")
                    .append(match.key()).append(" = ").append(match.value()).append('\n');
            if (scheduler != null) {
                s.append("scheduler = ").append(scheduler).append('\n');
                reasons.add("[disk " + label + "] scheduler = " + scheduler + ": " + why);
            }
            if (block != null) {
                hdparm.section(block, disk, label, table, s, reasons);
            }
            sections.add(s.toString());
        }
    }

    /** The scheduler to propose for a spinning disk, or null (with a note when its rotation is unknown). */
    private static String proposedScheduler(Disk disk, List<String> notes) {
        if (disk.schedulers().isEmpty()) {
            return null;
        }
        if (disk.rotational() == null) {
            notes.add(disk.name() + ": not known whether it spins (queue/rotational arrived in Linux 2.6.29), so no scheduler is "
                    + "proposed; if it does, add scheduler = " + scheduler(disk) + " to a [disk] section for it");
            return null;
        }
        String scheduler = scheduler(disk);
        if (!disk.rotational() || scheduler == null || scheduler.equals(disk.scheduler())) {
            return null;
        }
        return scheduler;
    }


    private void arrays(MachineReport report, List<String> sections, List<String> reasons, List<String> notes) {
        for (MdArray array : report.mdArrays().stream().sorted(Comparator.comparing(MdArray::name, DEVICE_ORDER)).toList()) {
            if (array.level() == null || !STRIPED_LEVELS.contains(array.level())) {
                continue;
            }
            if (array.readAheadKb() == null) {
                notes.add(array.name() + ": its readahead is not shown (md arrays have no queue directory before Linux 2.6.32), so "
                        + "read_ahead_kb = " + ARRAY_READ_AHEAD_KB + " is not proposed; blockdev --getra /dev/" + array.name() + " shows it");
                continue;
            }
            if (array.readAheadKb() >= ARRAY_READ_AHEAD_KB) {
                continue;
            }
            String why = array.name() + " is " + array.level() + " and reads ahead " + array.readAheadKb() + " KiB; a striped array "
                    + "needs readahead of several full stripes to keep every member busy on sequential reads, which "
                    + ARRAY_READ_AHEAD_KB + " KiB (blockdev --setra " + ARRAY_READ_AHEAD_KB * 2 + ") gives";
            StringBuilder s = new StringBuilder("# ").append(why).append(".\n").append("[md ").append(array.name()).append("]\n");
            if (array.uuid() != null) {
                s.append("match.uuid = ").append(array.uuid()).append('\n');
            }
            s.append("read_ahead_kb = ").append(ARRAY_READ_AHEAD_KB).append('\n');
            sections.add(s.toString());
            reasons.add("[md " + array.name() + "] read_ahead_kb = " + ARRAY_READ_AHEAD_KB + ": " + why);
        }
    }

    private void mounts(MachineReport report, List<String> sections, List<String> reasons) {
        Map<String, Mount> visible = new LinkedHashMap<>();
        report.mounts().forEach(m -> visible.put(m.mountPoint(), m));
        for (Mount mount : visible.values()) {
            List<String> options = mount.options();
            if (!ATIME_FILE_SYSTEMS.contains(mount.fsType()) || options.contains("ro") || options.contains("noatime")
                    || options.contains("relatime")) {
                continue;
            }
            String why = mount.mountPoint() + " (" + mount.fsType() + " on " + mount.device() + ") is mounted without noatime or "
                    + "relatime, so every read also writes an access time; noatime stops those writes";
            sections.add("# " + why + ".\n[mount " + mount.mountPoint() + "]\natime = noatime\n");
            reasons.add("[mount " + mount.mountPoint() + "] atime = noatime: " + why);
        }
    }

    /** mq-deadline, else deadline (2.6 kernels), else bfq: the first the disk offers; null when none. */
    private static String scheduler(Disk disk) {
        return SCHEDULER_CHOICE.stream().filter(disk.schedulers()::contains).findFirst().orElse(null);
    }
}
