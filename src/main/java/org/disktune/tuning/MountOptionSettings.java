package org.disktune.tuning;

import java.util.List;
import java.util.Locale;

import org.disktune.config.Setting;
import org.disktune.config.SettingValue;
import org.disktune.detect.Mount;
import org.disktune.tuning.SettingTable.Verdict;

/**
 * The mount options of a mount point for the {@link SettingTable}. /proc/mounts shows the access-time flags in effect
 * ({@code noatime}, {@code relatime}; the relatime default of Linux 2.6.30 and later shows as {@code relatime}) and never
 * shows {@code strictatime}, so a mount with neither updates the access time on every read: its current {@code atime} is
 * {@code strictatime}, on every kernel. {@code lazytime} is shown since Linux 4.0: absent means no.
 */
final class MountOptionSettings {
    private MountOptionSettings() {
    }

    /** The value in effect, null when the machine does not show it. */
    static String current(Setting setting, Mount mount) {
        List<String> options = mount.options();
        return switch (setting) {
            case ATIME -> options.contains("noatime") ? "noatime"
                    : options.contains("relatime") ? "relatime"
                    : options.isEmpty() ? null : "strictatime";
            case LAZYTIME -> options.isEmpty() ? null : options.contains("lazytime") ? "yes" : "no";
            default -> throw new IllegalStateException("no reader for " + setting.key());
        };
    }

    /** {@code kernel}: the running kernel's release, null when unknown (then nothing is refused for its age). */
    static Verdict check(Setting setting, SettingValue v, String kernel) {
        return switch (setting) {
            case ATIME -> "relatime".equals(v.value()) && KernelRelease.before(kernel, 2, 6, 20)
                    ? Verdict.refuse("atime = relatime needs Linux 2.6.20 or later, and this kernel is " + kernel
                            + "; use noatime in " + SettingTable.section(v))
                    : Verdict.accept(v.value());
            case LAZYTIME -> "1".equals(bool(v.value())) && KernelRelease.before(kernel, 4, 0, 0)
                    ? Verdict.refuse("lazytime needs Linux 4.0 or later, and this kernel is " + kernel + "; remove it from "
                            + SettingTable.section(v))
                    : Verdict.accept(v.value());
            default -> throw new IllegalStateException("no check for " + setting.key());
        };
    }

    private static String bool(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "1", "on", "yes", "true" -> "1";
            case "0", "off", "no", "false" -> "0";
            default -> value.strip();
        };
    }
}
