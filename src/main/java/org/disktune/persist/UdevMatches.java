package org.disktune.persist;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DiskMatch;
import org.disktune.config.DiskRule;

/**
 * Each {@code match.*} key of a {@code [disk]} section as udev keys that see the same fact {@code detect} reads
 * ({@link org.disktune.detect.MachineDetector}, {@link org.disktune.tuning.DiskFactsBuilder}), on systemd-udevd
 * 252 with its {@code 60-persistent-storage.rules} (read on this machine, Debian 12's udev 252.39):
 * <ul>
 * <li>{@code match.wwn}: detect reads the WWN from ATA IDENTIFY ({@code 0x} + 16 hex digits) or from sysfs
 * {@code wwid} ({@code naa.}, {@code eui.}, {@code nvme.}), else from the {@code wwn-0x...} link. udev exports
 * {@code ID_WWN=0x...} for ATA ({@code ata_id}) and SCSI ({@code scsi_id}: only the first 16 hex digits of a
 * 128-bit NAA, the rest in {@code ID_WWN_VENDOR_EXTENSION}), and {@code ID_WWN=$attr{wwid}} for NVMe
 * ({@code eui.}/{@code nvme.}; an NVMe wwid is never {@code naa.}). So a WWN of 16 hex digits is
 * {@code ENV{ID_WWN}=="0xW|eui.W"}; one of 32 is {@code ENV{ID_WWN}=="0xFIRST16|eui.W",
 * ENV{ID_WWN_VENDOR_EXTENSION}=="0xLAST16|"} (the empty alternative matches an unset property: NVMe has
 * none); an {@code nvme.} wwid is matched as written.</li>
 * <li>{@code match.serial}: {@code ENV{ID_SERIAL_SHORT}}. ata_id and scsi_id strip the serial and turn each run
 * of whitespace into one {@code _} and other characters outside {@code [0-9A-Za-z#+-.:=@_]} into {@code _}
 * (udev_replace_whitespace, udev_replace_chars); NVMe's is {@code $attr{serial}}, which keeps inner spaces;
 * both forms are offered as alternatives. Not seen: virtio-blk and MMC disks, whose serial udev 252 puts in
 * {@code ID_SERIAL} only; match those by {@code match.by-id} ({@code virtio-SERIAL}).</li>
 * <li>{@code match.by-id}: {@code SYMLINK=="disk/by-id/NAME"} (udev compares each link of the device; the
 * links exist once 60-persistent-storage.rules has run, which is why the rules file sorts after it).</li>
 * <li>{@code match.model}: detect reads the full ATA IDENTIFY model, else sysfs {@code device/model}; udev's
 * {@code ENV{ID_MODEL}} is the same string (ata_id for ATA, scsi_id for SCSI: whitespace runs as {@code _};
 * {@code $attr{model}} for NVMe: inner spaces kept), so both forms are alternatives. {@code ATTRS{model}}
 * would see the 16-character SCSI INQUIRY product for ATA disks, not the IDENTIFY model. Limits: on kernels
 * without /sys/class/ata_device (before 2.6.37) detect falls back to that 16-character product while ata_id
 * still reads the full model, so an exact model cut at 16 characters differs there (a glob ending in
 * {@code *} matches both); for USB disks udev may take ID_MODEL from the drive behind the bridge (ata_id)
 * where detect reads the bridge's INQUIRY.</li>
 * <li>{@code match.vendor}: sysfs {@code device/vendor} ({@code ATA} for libata): {@code SUBSYSTEMS=="scsi|virtio",
 * ATTRS{vendor}==...} (udev ignores the attribute's trailing spaces; the subsystem keeps the PCI controller's
 * vendor id out).</li>
 * <li>{@code match.transport}: detect decides from the kernel name and the device path in a fixed order
 * (loop, nvme, virtio, ide, ata, usb, mmc, scsi); the same tests on {@code KERNEL} and {@code DEVPATH}
 * (the device path with {@code /block/NAME} appended) give the same answer where the DEVPATH shows the device's
 * parents and its ATA port ({@link BlockDevpath}: the generator leaves the section out on other kernels).</li>
 * <li>{@code match.rotational}: {@code ATTR{queue/rotational}}. {@code match.driver}: the driver of the nearest
 * PCI function above the disk: {@code SUBSYSTEMS=="pci", DRIVERS==...}. {@code match.name}:
 * {@code KERNEL==} (forced or not: the planner refuses unforced names on disks with a stable identity).</li>
 * <li>{@code match.md}: array membership is not known when the disk appears, so the rule names the members the
 * array has when the file is written, by their /dev/disk/by-id names ({@code SYMLINK=="disk/by-id/A|disk/by-id/B"},
 * from {@link MdMembers}); a disk added to the array later is matched after the next {@code disktune apply}
 * (verify reports the rules file as out of date until then). Without the array on this machine, or with a member
 * that has no by-id name: refused.</li>
 * </ul>
 * Values holding {@code "}, {@code \}, {@code |} (udev's alternative separator), {@code $} or {@code %}
 * (substitutions) or control characters are refused, and so are glob characters in values that are matched
 * exactly. udev requires every parent key of a rule (ATTRS, DRIVERS, SUBSYSTEMS) to hold on one and the same
 * parent device, so a section with both {@code match.vendor} and {@code match.driver} cannot be one rule:
 * refused. Pure.
 */
public final class UdevMatches {
    /** What a match (or a whole section) becomes in udev terms. */
    public sealed interface Translation {
    }

    /**
     * The /dev/disk/by-id names of the disks that are members (whole or through a partition) of an md array on this
     * machine now; empty when there is no such array, a null element for a member without a by-id name.
     */
    @FunctionalInterface
    public interface MdMembers {
        /** No machine to look at: every match.md is refused. */
        MdMembers NONE = array -> java.util.Optional.empty();

        java.util.Optional<List<String>> byIdNames(String array);
    }

    /** The keys that, all together, select the same disks as the match. */
    public record Expressed(List<UdevKey> keys) implements Translation {
        public Expressed {
            keys = List.copyOf(keys);
        }
    }

    /** Why no udev rule can select the same disks, with the fix. */
    public record Refused(String why) implements Translation {
    }

    /**
     * A match that names what this machine does not have (match.md of an array that is not assembled here): no rule,
     * and no error, as the planner reports such a section as absent.
     */
    public record Absent(String why) implements Translation {
    }

    private UdevMatches() {
    }

    /** The udev keys for one match, without a machine to resolve match.md. */
    public static Translation keys(DiskMatch m) {
        return keys(m, MdMembers.NONE);
    }

    /** The udev keys for one match; match.md through the array's members now. */
    public static Translation keys(DiskMatch m, MdMembers members) {
        String unsafe = UdevValues.unsafe(m.value());
        if (unsafe != null) {
            return new Refused(m.key() + " = " + UdevValues.printable(m.value()) + " holds " + unsafe
                    + ", which a udev rule cannot match literally; use a value without it (a glob ? stands for any one character)");
        }
        if (m instanceof DiskMatch.Wwn w) {
            return wwn(w);
        } else if (m instanceof DiskMatch.Serial s) {
            Refused refused = exact(s);
            return refused != null ? refused : serial(s.value());
        } else if (m instanceof DiskMatch.ById b) {
            Refused refused = exact(b);
            return refused != null ? refused : byId(b);
        } else if (m instanceof DiskMatch.Model model) {
            return expressed(new UdevKey("ENV", "ID_MODEL", "==", UdevValues.alternatives(model.glob())));
        } else if (m instanceof DiskMatch.Vendor v) {
            return expressed(UdevKey.of("SUBSYSTEMS", "==", "scsi|virtio"), new UdevKey("ATTRS", "vendor", "==", v.glob().text()));
        } else if (m instanceof DiskMatch.OfTransport t) {
            return transport(t);
        } else if (m instanceof DiskMatch.Rotational r) {
            return expressed(new UdevKey("ATTR", "queue/rotational", "==", r.rotational() ? "1" : "0"));
        } else if (m instanceof DiskMatch.Driver d) {
            Refused refused = exact(d);
            return refused != null ? refused : expressed(UdevKey.of("SUBSYSTEMS", "==", "pci"), UdevKey.of("DRIVERS", "==", d.value()));
        } else if (m instanceof DiskMatch.MemberOf md) {
            return members(md, members);
        } else if (m instanceof DiskMatch.Name n) {
            return expressed(UdevKey.of("KERNEL", "==", n.glob().text()));
        }
        throw new IllegalArgumentException("a match kind without a udev translation: " + m.key());
    }

    private static Translation members(DiskMatch.MemberOf md, MdMembers members) {
        java.util.Optional<List<String>> names = members.byIdNames(md.value());
        String fix = "; match the member disks by match.serial or match.wwn instead";
        if (names.isEmpty() && members != MdMembers.NONE) {
            return new Absent(md.value() + " is not on this machine");
        }
        if (names.isEmpty() || names.get().isEmpty()) {
            return new Refused("match.md = " + md.value() + " cannot be seen by udev (when a disk appears it is not yet a member), "
                    + "and " + md.value() + " has no members on this machine to name instead" + fix);
        }
        List<String> links = new ArrayList<>();
        for (String n : names.get()) {
            if (n == null || UdevValues.unsafe(n) != null || n.contains("/")) {
                return new Refused("match.md = " + md.value() + ": a member of " + md.value() + " has no /dev/disk/by-id name udev can "
                        + "match" + fix);
            }
            links.add("disk/by-id/" + n);
        }
        return expressed(UdevKey.of("SYMLINK", "==", String.join("|", links)));
    }

    private static Translation byId(DiskMatch.ById b) {
        String name = b.value().startsWith("/dev/disk/by-id/") ? b.value().substring("/dev/disk/by-id/".length()) : b.value();
        return name.isEmpty() || name.contains("/")
                ? new Refused("match.by-id = " + b.value() + " is not a name in /dev/disk/by-id; write the link's name, e.g. wwn-0x50014ee2b3c4d5e6")
                : expressed(UdevKey.of("SYMLINK", "==", "disk/by-id/" + name));
    }

    /** The keys of a whole section: those of every match, refused when one match is or when parent keys clash. */
    public static Translation section(DiskRule rule) {
        return section(rule, MdMembers.NONE);
    }

    /** The keys of a whole section, match.md through the array's members now. */
    public static Translation section(DiskRule rule, MdMembers members) {
        if (rule.matches().isEmpty()) {
            return new Refused("[" + rule.section() + "] has no match.* key; a udev rule without one would tune every disk: add one");
        }
        List<UdevKey> keys = new ArrayList<>();
        Set<String> parents = new LinkedHashSet<>();
        Translation absent = null;
        for (DiskMatch m : rule.matches()) {
            Translation t = keys(m, members);
            if (t instanceof Absent) {
                absent = t;
                continue;
            }
            if (!(t instanceof Expressed expressed)) {
                return t;
            }
            for (UdevKey k : expressed.keys()) {
                if (k.name().equals("SUBSYSTEMS")) {
                    parents.add(k.value());
                }
                keys.add(k);
            }
        }
        if (absent != null) {
            return absent;
        }
        if (parents.size() > 1) {
            return new Refused("match.vendor and match.driver of [" + rule.section() + "] look at two different parent devices "
                    + "(the SCSI device and the PCI controller), which one udev rule cannot; keep one of them, or match by model or serial");
        }
        return new Expressed(keys);
    }

    /** One error per match (or section) a udev rule cannot express, at its line in {@code state.source()}. */
    public static List<ConfigProblem> problems(DesiredState state) {
        return problems(state, MdMembers.NONE);
    }

    /** One error per match (or section) a udev rule cannot express, match.md through the array's members now. */
    public static List<ConfigProblem> problems(DesiredState state, MdMembers members) {
        List<ConfigProblem> problems = new ArrayList<>();
        for (DiskRule rule : state.disks()) {
            boolean refusedMatch = false;
            for (DiskMatch m : rule.matches()) {
                if (keys(m, members) instanceof Refused r) {
                    problems.add(new ConfigProblem(state.source(), m.line(), r.why()));
                    refusedMatch = true;
                }
            }
            if (!refusedMatch && section(rule, members) instanceof Refused r) {
                problems.add(new ConfigProblem(state.source(), rule.line(), r.why()));
            }
        }
        return problems;
    }

    private static Translation wwn(DiskMatch.Wwn w) {
        String n = normalize(w.value());
        if (n.startsWith("nvme.")) {
            Refused refused = exact(w);
            return refused != null ? refused : expressed(new UdevKey("ENV", "ID_WWN", "==", n));
        }
        if (UdevValues.isLowerHex(n, 16)) {
            return expressed(new UdevKey("ENV", "ID_WWN", "==", "0x" + n + "|eui." + n));
        }
        if (UdevValues.isLowerHex(n, 32)) {
            return expressed(new UdevKey("ENV", "ID_WWN", "==", "0x" + n.substring(0, 16) + "|eui." + n),
                    new UdevKey("ENV", "ID_WWN_VENDOR_EXTENSION", "==", "0x" + n.substring(16) + "|"));
        }
        return new Refused("match.wwn = " + w.value() + " is not a WWN udev exports (16 or 32 hex digits after 0x, naa. or eui., "
                + "or an NVMe nvme. wwid); copy it from disktune detect or /dev/disk/by-id/wwn-*");
    }

    /** As DiskMatch.Wwn compares: without case and without a 0x, naa., eui. or wwn-0x prefix. */
    static String normalize(String wwn) {
        return DiskMatch.Wwn.normalize(wwn);
    }

    private static Translation serial(String serial) {
        return expressed(new UdevKey("ENV", "ID_SERIAL_SHORT", "==", UdevValues.alternatives(serial)));
    }

    private static Translation transport(DiskMatch.OfTransport t) {
        return switch (t.transport()) {
            case LOOP -> expressed(UdevKey.of("KERNEL", "==", "loop*"));
            case NVME -> expressed(UdevKey.of("KERNEL", "==", "nvme*"));
            case VIRTIO -> expressed(UdevKey.of("KERNEL", "!=", "nvme*"), UdevKey.of("DEVPATH", "==", "*/virtio*"));
            case IDE -> expressed(UdevKey.of("KERNEL", "==", "hd*"));
            case ATA -> expressed(UdevKey.of("KERNEL", "!=", "nvme*|hd*"), UdevKey.of("DEVPATH", "!=", "*/virtio*"),
                    UdevKey.of("DEVPATH", "==", "*/ata[0-9]*"));
            case USB -> expressed(UdevKey.of("KERNEL", "!=", "nvme*|hd*"), UdevKey.of("DEVPATH", "!=", "*/virtio*|*/ata[0-9]*"),
                    UdevKey.of("DEVPATH", "==", "*/usb*"));
            case MMC -> expressed(UdevKey.of("KERNEL", "==", "mmcblk*"), UdevKey.of("DEVPATH", "!=", "*/virtio*|*/ata[0-9]*|*/usb*"));
            case SCSI -> expressed(UdevKey.of("KERNEL", "==", "sd*|sr*"), UdevKey.of("DEVPATH", "!=", "*/virtio*|*/ata[0-9]*|*/usb*"));
            case MD, DM, ZRAM, OTHER -> throw new IllegalArgumentException("match.transport does not take " + t.transport());
        };
    }

    private static Translation expressed(UdevKey... keys) {
        return new Expressed(List.of(keys));
    }

    /** A value that must be matched literally: refused when it holds glob characters, else null. */
    private static Refused exact(DiskMatch m) {
        boolean glob = m.value().chars().anyMatch(c -> c == '*' || c == '?' || c == '[');
        return glob ? new Refused(m.key() + " = " + m.value() + " holds a glob character (* ? [), but " + m.key()
                + " is compared exactly; write the whole value") : null;
    }
}
