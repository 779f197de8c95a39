package org.disktune.tuning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.hdparm.HdparmConf;

/**
 * Where Debian's {@code /etc/hdparm.conf} and disktune set the same thing on the same disk. Debian's hdparm package
 * applies hdparm.conf from {@code /lib/udev/rules.d/85-hdparm.rules} ({@code ACTION=="add", KERNEL=="[sh]d[a-z]"},
 * so at every boot and hotplug of a disk named sda..sdz or hda..hdz) through {@code /lib/udev/hdparm}, which takes a
 * disk's options from {@code hdparm_options}: the defaults before the first block, then the first block whose device
 * is the disk (a symbolic link such as {@code /dev/disk/by-id/...} is resolved and cut at its first digit, so a
 * partition's link names its disk; {@code /dev/sdb} is compared as written), a later option replacing an earlier one
 * of the same hdparm letter. apm and spindown_time go through {@code /usr/lib/pm-utils/power.d/95hdparm-apm}: apm on
 * AC power, and spindown_time only on disks that report APM. Such a disk also gets {@code -B254} on AC power when
 * hdparm.conf gives it no apm ({@code hdparm_try_apm}); that is reported against {@code /lib/hdparm/hdparm-functions}.
 */
public final class HdparmConfOverlap {
    /** The script that gives APM-capable disks apm 254 on AC power when hdparm.conf names no apm. */
    public static final String DEBIAN_DEFAULTS = "/lib/hdparm/hdparm-functions";
    private static final Pattern DEBIAN_RULE_NAMES = Pattern.compile("[sh]d[a-z]");

    private HdparmConfOverlap() {
    }

    /**
     * One setting both files give one disk: the hdparm.conf file and line (line 0 for Debian's built-in apm 254), the
     * kernel name, the setting, hdparm.conf's value as written and in disktune's terms, disktune's value and its origin,
     * whether the values mean the same, and a one-line message naming the line to remove.
     */
    public record Overlap(String file, int line, String disk, Setting setting, String hdparmValue, String hdparmSettingValue,
            String disktuneValue, String disktuneOrigin, boolean sameValue, String message) {
    }

    public static List<Overlap> find(HdparmConf conf, List<EffectiveSetting> settings,
            Function<String, Optional<String>> kernelNameOfDevicePath) {
        List<Overlap> overlaps = new ArrayList<>();
        for (EffectiveSetting s : settings) {
            if (s.scope() != SettingScope.DISK || s.wanted() == null || s.status() == SettingStatus.SKIPPED
                    || s.status() == SettingStatus.INVALID || !DEBIAN_RULE_NAMES.matcher(s.target()).matches()) {
                continue;
            }
            Map<Setting, HdparmConf.Option> options = optionsFor(conf, s.target(), kernelNameOfDevicePath);
            if (options == null) {
                continue;
            }
            HdparmConf.Option o = options.get(s.setting());
            String origin = s.origin().origin();
            if (o != null) {
                boolean same = o.settingValue() != null && meaning(s.setting(), o.settingValue()).equals(meaning(s.setting(), s.wanted()));
                String what = s.target() + ": " + o.key() + " = " + o.value() + " in " + conf.file() + " line " + o.line() + " and "
                        + s.setting().key() + " " + s.wanted() + " in " + origin;
                String message = what + (same ? " agree now, but both are applied at every boot and hotplug and would fight as soon as one "
                        + "changes" : ": Debian's hdparm applies its value at every boot and hotplug, so the two would fight")
                        + (o.key().equals("spindown_time") ? " (Debian applies spindown_time to disks that report APM)" : "")
                        + "; remove it from " + conf.file() + " line " + o.line() + ", or drop it from disktune.conf";
                overlaps.add(new Overlap(conf.file(), o.line(), s.target(), s.setting(), o.value(), o.settingValue(), s.wanted(), origin, same,
                        message));
            } else if (s.setting() == Setting.APM && !meaning(Setting.APM, s.wanted()).equals("254")) {
                overlaps.add(new Overlap(DEBIAN_DEFAULTS, 0, s.target(), Setting.APM, "-B254", "254", s.wanted(), origin, false,
                        s.target() + ": Debian's hdparm sets apm 254 on AC power on every disk that reports APM at each boot and hotplug ("
                                + DEBIAN_DEFAULTS + ", hdparm_try_apm) and " + origin + " says apm " + s.wanted()
                                + ", so the two would fight; give the disk a block in " + conf.file() + " with apm = " + s.wanted()
                                + ", or drop apm from disktune.conf"));
            }
        }
        return overlaps;
    }

    /** The options Debian's script gives this disk, by disktune setting (last one wins); null when the script stops first. */
    private static Map<Setting, HdparmConf.Option> optionsFor(HdparmConf conf, String disk,
            Function<String, Optional<String>> kernelNameOfDevicePath) {
        HdparmConf.DeviceBlock block = null;
        for (HdparmConf.DeviceBlock b : conf.blocks()) {
            if (b.closeLine() > 0) {
                Optional<String> of = diskOf(b.device(), kernelNameOfDevicePath);
                if (of.isPresent() && disk.equals(of.get())) {
                    block = b;
                    break;
                }
            }
        }
        if (block == null ? !conf.defaultsApply() : !conf.applies(block)) {
            return null;
        }
        Map<Setting, HdparmConf.Option> options = new LinkedHashMap<>();
        List<HdparmConf.Option> all = new ArrayList<>(conf.defaults());
        if (block != null) {
            all.addAll(block.options());
        }
        for (HdparmConf.Option o : all) {
            if (o.setting() != null) {
                options.put(o.setting(), o);
            }
        }
        return options;
    }

    /** The disk Debian's script takes the device path for: /dev/NAME as written, a link resolved and cut at its first digit. */
    public static Optional<String> diskOf(String devicePath, Function<String, Optional<String>> kernelNameOfDevicePath) {
        String rest = devicePath.startsWith("/dev/") ? devicePath.substring(5) : null;
        if (rest != null && !rest.contains("/")) {
            return Optional.of(rest);
        }
        Optional<String> name = kernelNameOfDevicePath.apply(devicePath);
        if (name.isEmpty()) {
            return Optional.empty();
        }
        String disk = name.get().replaceFirst("[0-9].*$", "");
        return disk.isEmpty() ? Optional.empty() : Optional.of(disk);
    }

    private static String meaning(Setting setting, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "on", "yes", "true" -> (setting == Setting.WRITE_CACHE || setting == Setting.DMA) ? "1" : v;
            case "off", "no", "false" -> (setting == Setting.WRITE_CACHE || setting == Setting.DMA) ? "0" : v;
            default -> v.matches("[0-9]+") ? Long.toString(Long.parseLong(v)) : v;
        };
    }
}
