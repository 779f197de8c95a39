package org.disktune.persist;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.disktune.config.ConfigProblem;
import org.disktune.config.DesiredState;
import org.disktune.config.DiskMatch;
import org.disktune.config.DiskRule;
import org.disktune.config.MdRule;
import org.disktune.config.Setting;
import org.disktune.config.SettingValue;
import org.disktune.config.Specificity;

/**
 * Turns the {@code [disk]} and {@code [md]} sections of a configuration into one udev rules file that re-applies
 * their settings whenever a disk or array appears or changes ({@code ACTION=="add|change"}), at boot and on
 * hotplug, with no daemon:
 * <ul>
 * <li>one rule per section: {@code SUBSYSTEM=="block", ENV{DEVTYPE}=="disk"}; disk rules add
 * {@code KERNEL!="md*|dm-*"} (a {@code [disk]} section never matches an array, {@link
 * org.disktune.tuning.DiskFactsBuilder}) and the keys of {@link UdevMatches#section}; md rules match
 * {@code ENV{MD_UUID}} in mdadm's {@code --export} form (8:8:8:8 lowercase hex, as 63-md-raid-arrays.rules
 * imports it) or {@code KERNEL==} the array's name, and only an active array
 * ({@code ATTR{md/array_state}!="|clear|inactive"}, the test 63-md-raid-arrays.rules makes);</li>
 * <li>each sysfs setting becomes {@code ATTR{attribute}="value"}, the value being what {@code wanted} says to
 * write on this kernel; a section with any hdparm setting gets {@link #RUN}, which applies that disk's hdparm
 * settings ({@code disktune apply --device %k}) in a transient service that systemd-run starts, not in udev's
 * worker: systemd-udevd.service runs its RUN programs with {@code MemoryDenyWriteExecute=yes} (Debian 12,
 * systemd 252), under which a JVM cannot map its code cache and exits 1 at once (seen in WholeCycleIT: udev
 * logged "Process '/usr/sbin/disktune apply --device sda' failed with exit code 1" at boot and on every change
 * event), and udev(7) kills RUN programs that outlive their event; mount and module settings are not udev's;</li>
 * <li>udev writes each ATTR as it reaches the rule (udev-rules.c, TK_A_ATTR: {@code write_string_file} at once),
 * so a later rule overrides an earlier one: rules come in ascending {@link Specificity}, then by line, so the
 * most specific section wins, as in the planner (two sections of one rank giving different values are already
 * a configuration error there);</li>
 * <li>every scheduler comes first, in rules of its own: switching the elevator resets {@code queue/nr_requests}
 * to the new scheduler's default (block/elevator.c, blk_mq_init_sched / elevator_switch), so an nr_requests
 * written before a later rule's scheduler would be lost;</li>
 * <li>the file sorts as {@code 90-}: after 60-persistent-storage.rules (it sets ID_WWN, ID_SERIAL_SHORT, ID_MODEL
 * and the /dev/disk/by-id links these rules match), 63-md-raid-arrays.rules (MD_UUID), the distributions'
 * scheduler rules (SUSE's 60-io-scheduler.rules, CachyOS's 60-ioschedulers.rules and 69-hdparm.rules) and
 * Debian's 85-hdparm.rules, so its values are written last; files in /etc/udev/rules.d sort with those of
 * /usr/lib/udev/rules.d by name (udev(7)).</li>
 * </ul>
 * A header names the configuration file and says the file is generated; each rule has a comment naming its
 * section and the lines of its matches and settings. The output depends only on its inputs (golden tests).
 * Matches udev cannot express and values that are unsafe in a rule are errors, and their section is left out.
 * Pure: writes nothing.
 */
public final class UdevRulesGenerator {
    public static final String PATH = "/etc/udev/rules.d/90-disktune.rules";
    public static final String LAUNCHER = "/usr/sbin/disktune";
    /**
     * The RUN of a rule with hdparm settings: {@code systemd-run --no-block} returns at once (udev does not wait) and
     * {@code --collect} lets systemd forget the transient unit even when it failed (both since systemd 236).
     */
    public static final String RUN = "/usr/bin/systemd-run --no-block --collect --quiet " + LAUNCHER + " apply --device %k";

    /** util-linux's blockdev: /sbin on every distribution (a link to /usr/sbin on merged-/usr ones), for udev's absolute RUN. */
    public static final String BLOCKDEV = "/sbin/blockdev";

    /** udev's NEWS: 098 added ATTR{} (matching and writing the event device's attributes), 114 SYMLINK==. */
    public static final int ATTR_KEYS = 98;
    public static final int SYMLINK_MATCH = 114;
    /** udev's ChangeLog: "scsi_id: export ID_SERIAL_SHORT without vendor/product" (102), "ata_id: sync ID_SERIAL(_SHORT)" (144). */
    public static final int SCSI_ID_SERIAL_SHORT = 102;
    public static final int ATA_ID_SERIAL_SHORT = 144;

    /** The keys every rule starts with: a whole disk's add or change event, told by DEVTYPE or, before 2.6.25, by range. */
    private static List<UdevKey> base(UdevTarget target) {
        return List.of(UdevKey.of("ACTION", "==", "add|change"), UdevKey.of("SUBSYSTEM", "==", "block"),
                target.devtype() ? new UdevKey("ENV", "DEVTYPE", "==", "disk") : new UdevKey("ATTR", "range", "==", "?*"));
    }

    /** A [disk] rule never matches an array (see {@link org.disktune.tuning.DiskFactsBuilder}). */
    private static final UdevKey NOT_AN_ARRAY = UdevKey.of("KERNEL", "!=", "md*|dm-*");

    /** The rule text of one section (or of its schedulers), where it sorts, and the section's line (which names it). */
    private record Section(Specificity rank, int line, String text) {
    }

    /** By rank, then by line. */
    private static final Comparator<Section> ORDER = Comparator.comparing(Section::rank).thenComparingInt(Section::line);

    public GeneratedRules generate(DesiredState state, Function<SettingValue, String> wanted) {
        return generate(state, wanted, UdevMatches.MdMembers.NONE);
    }

    /** As above, with match.md resolved to the members its array has now (see {@link UdevMatches}). */
    public GeneratedRules generate(DesiredState state, Function<SettingValue, String> wanted, UdevMatches.MdMembers members) {
        return generate(state, wanted, members, UdevTarget.CURRENT);
    }

    /** As above, for a machine that honours what {@code target} says. */
    public GeneratedRules generate(DesiredState state, Function<SettingValue, String> wanted, UdevMatches.MdMembers members, UdevTarget target) {
        String file = state.source() == null ? "(no configuration file)" : state.source();
        List<GeneratedRules.Unwritten> unwritten = new ArrayList<>();
        Optional<String> noRules = target.noRules();
        if (noRules.isPresent()) {
            state.disks().stream().filter(r -> UdevSettingLines.persisted(r.settings()))
                    .forEach(r -> unwritten.add(new GeneratedRules.Unwritten("[" + r.section() + "]", r.line(), noRules.get())));
            state.arrays().stream().filter(r -> UdevSettingLines.persisted(r.settings()))
                    .forEach(r -> unwritten.add(new GeneratedRules.Unwritten("[" + r.section() + "]", r.line(), noRules.get())));
            return new GeneratedRules(PATH, Optional.empty(), 0, UdevMatches.problems(state, members), unwritten);
        }
        List<ConfigProblem> errors = new ArrayList<>();
        List<Section> schedulers = new ArrayList<>();
        List<Section> disks = new ArrayList<>();
        List<Section> arrays = new ArrayList<>();
        errors.addAll(UdevMatches.problems(state, members));
        for (DiskRule rule : state.disks()) {
            if (!UdevSettingLines.persisted(rule.settings())) {
                continue;
            }
            if (!(UdevMatches.section(rule, members) instanceof UdevMatches.Expressed expressed)) {
                continue; // reported by UdevMatches.problems
            }
            Optional<String> unread = expressed.keys().stream().map(target::cannotRead).flatMap(Optional::stream).findFirst()
                    .or(() -> rule.matches().stream().map(target.devpath()::cannotTell).flatMap(Optional::stream).findFirst());
            if (unread.isPresent()) {
                unwritten.add(new GeneratedRules.Unwritten("[" + rule.section() + "]", rule.line(), unread.get()));
                continue;
            }
            Map<Boolean, List<SettingValue>> bySchedulers = rule.settings().stream()
                    .collect(Collectors.partitioningBy(v -> v.setting() == Setting.SCHEDULER));
            List<SettingValue> scheduler = bySchedulers.get(true);
            List<SettingValue> rest = bySchedulers.get(false);
            if (!scheduler.isEmpty()) {
                diskRule(rule, expressed, scheduler, wanted, members, target, file, errors, unwritten).ifPresent(schedulers::add);
            }
            if (UdevSettingLines.persisted(rest)) {
                diskRule(rule, expressed, rest, wanted, members, target, file, errors, unwritten).ifPresent(disks::add);
            }
        }
        for (MdRule rule : state.arrays()) {
            if (!UdevSettingLines.persisted(rule.settings())) {
                continue;
            }
            mdRule(rule, wanted, target, file, errors, unwritten).ifPresent(arrays::add);
        }
        schedulers.sort(ORDER);
        disks.sort(ORDER);
        arrays.sort(ORDER);
        if (schedulers.isEmpty() && disks.isEmpty() && arrays.isEmpty()) {
            return new GeneratedRules(PATH, Optional.empty(), 0, errors, unwritten);
        }
        StringBuilder text = new StringBuilder(UdevRuleText.header(file));
        if (!target.devtype()) {
            text.append("# This kernel sends no DEVTYPE with block events (Linux 2.6.25 added it): a whole disk or array\n"
                    + "# is told by its range attribute, which partitions lack.\n");
        }
        List<Section> all = Stream.of(schedulers, disks, arrays).flatMap(List::stream).toList();
        all.forEach(s -> text.append('\n').append(s.text()));
        long sections = all.stream().map(Section::line).distinct().count();
        return new GeneratedRules(PATH, Optional.of(text.toString()), (int) sections, errors, unwritten);
    }

    /** One rule of a [disk] section for {@code subset} of its settings; empty when a value is refused. */
    private static Optional<Section> diskRule(DiskRule rule, UdevMatches.Expressed expressed, List<SettingValue> subset,
            Function<SettingValue, String> wanted, UdevMatches.MdMembers members, UdevTarget target, String file, List<ConfigProblem> errors,
            List<GeneratedRules.Unwritten> unwritten) {
        List<String> comment = new ArrayList<>();
        comment.add("# [" + rule.section() + "] line " + rule.line());
        for (DiskMatch m : rule.matches()) {
            comment.add("#   line " + m.line() + ": " + m.key() + " = " + UdevValues.printable(m.value())
                    + (m instanceof DiskMatch.MemberOf md ? " (its members when this file was written: "
                            + String.join(", ", members.byIdNames(md.value()).orElse(List.of())) + ")" : ""));
        }
        List<List<UdevKey>> lines = new ArrayList<>();
        List<UdevKey> first = new ArrayList<>(base(target));
        first.add(NOT_AN_ARRAY);
        lines.add(first);
        lines.add(expressed.keys());
        Optional<List<UdevKey>> settings = UdevSettingLines.settings(subset, wanted, target, file, comment, errors);
        if (settings.isEmpty() || settings.get().isEmpty()) {
            return Optional.empty(); // refused, or nothing this machine's udev can do for the section
        }
        settings.get().forEach(k -> lines.add(List.of(k)));
        List<UdevLineLimit.Valued> values = new ArrayList<>();
        rule.matches().forEach(m -> values.add(new UdevLineLimit.Valued(m.key(), m.line(), m.value())));
        subset.forEach(v -> values.add(new UdevLineLimit.Valued(v.setting().key(), v.line(), v.written())));
        String label = "disktune_" + (subset.get(0).setting() == Setting.SCHEDULER ? "scheduler_" : "disk_") + rule.line();
        return text(comment, lines, target, label, values, rule.section(), rule.line(), file, errors, unwritten)
                .map(text -> new Section(rule.specificity(), rule.line(), text));
    }

    /**
     * The text of a rule, as the machine's udev reads it ({@link OldUdevKeys} before 131); empty, with the reason in
     * {@code unwritten} or an error in {@code errors}, when it cannot be written.
     */
    private static Optional<String> text(List<String> comment, List<List<UdevKey>> lines, UdevTarget target, String label,
            List<UdevLineLimit.Valued> values, String section, int line, String file, List<ConfigProblem> errors,
            List<GeneratedRules.Unwritten> unwritten) {
        List<UdevKey> skips = List.of();
        if (OldUdevKeys.needed(target.udev())) {
            OldUdevKeys.Result result = OldUdevKeys.rewrite(lines, target.udev());
            if (result instanceof OldUdevKeys.Unwritable u) {
                GeneratedRules.Unwritten left = new GeneratedRules.Unwritten("[" + section + "]", line, u.why());
                if (!unwritten.contains(left)) {
                    unwritten.add(left);
                }
                return Optional.empty();
            }
            OldUdevKeys.Written written = (OldUdevKeys.Written) result;
            lines = written.lines();
            skips = written.skips();
        }
        List<String> rendered = lines.stream().map(UdevRuleText::keys).toList();
        String text = skips.isEmpty() ? UdevRuleText.rule(comment, rendered) : UdevRuleText.skipping(comment, skips, rendered, label);
        if (UdevLineLimit.tooLong(text, target.udev(), values, "[" + section + "]", file, errors)) {
            return Optional.empty();
        }
        return Optional.of(text);
    }

    /** The rule of an [md] section; empty when it is refused or has nothing udev can do. */
    private static Optional<Section> mdRule(MdRule rule, Function<SettingValue, String> wanted, UdevTarget target, String file,
            List<ConfigProblem> errors, List<GeneratedRules.Unwritten> unwritten) {
        List<String> comment = new ArrayList<>();
        comment.add("# [" + rule.section() + "] line " + rule.line());
        List<List<UdevKey>> lines = new ArrayList<>();
        lines.add(base(target));
        if (rule.uuid() != null) {
            String uuid = mdadmUuid(rule.uuid());
            comment.add("#   match.uuid = " + uuid);
            lines.add(List.of(new UdevKey("ENV", "MD_UUID", "==", uuid)));
        } else {
            if (UdevValues.unsafe(rule.label()) != null || !isMdLabel(rule.label())) {
                errors.add(new ConfigProblem(file, rule.line(), "[" + rule.section() + "] is not a kernel array name udev can match; "
                        + "use the kernel name (md0) or add match.uuid = UUID"));
                return Optional.empty();
            }
            comment.add("#   the array named " + rule.label());
            lines.add(List.of(UdevKey.of("KERNEL", "==", rule.label())));
        }
        lines.add(List.of(new UdevKey("ATTR", "md/array_state", "!=", "|clear|inactive")));
        Optional<List<UdevKey>> settings = UdevSettingLines.settings(rule.settings(), wanted, target, file, comment, errors);
        if (settings.isEmpty() || settings.get().isEmpty()) {
            return Optional.empty();
        }
        settings.get().forEach(k -> lines.add(List.of(k)));
        List<UdevLineLimit.Valued> values = new ArrayList<>();
        values.add(new UdevLineLimit.Valued("[" + rule.section() + "]", rule.line(), rule.uuid() != null ? rule.uuid() : rule.label()));
        rule.settings().forEach(v -> values.add(new UdevLineLimit.Valued(v.setting().key(), v.line(), v.written())));
        return text(comment, lines, target, "disktune_md_" + rule.line(), values, rule.section(), rule.line(), file, errors, unwritten)
                .map(text -> new Section(rule.uuid() != null ? Specificity.IDENTITY : Specificity.NAME, rule.line(), text));
    }

    /** 32 hex digits as mdadm --detail --export prints MD_UUID: four groups of 8, colon-separated. */
    static String mdadmUuid(String hex) {
        return hex.substring(0, 8) + ":" + hex.substring(8, 16) + ":" + hex.substring(16, 24) + ":" + hex.substring(24, 32);
    }

    /** A kernel array name: {@code md[0-9a-z_]+}. */
    static boolean isMdLabel(String label) {
        return MdLabel.PATTERN.matcher(label).matches();
    }

    private static final class MdLabel {
        static final Pattern PATTERN = Pattern.compile("md[0-9a-z_]+");
    }
}
