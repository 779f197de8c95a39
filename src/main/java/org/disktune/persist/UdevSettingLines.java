package org.disktune.persist;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.config.ConfigProblem;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingValue;

/**
 * The settings part of a rule of {@link UdevRulesGenerator}: an {@code ATTR{attribute}="value"} per sysfs setting, a
 * RUN of {@code blockdev --setra} for an array's readahead where the kernel has no md queue/read_ahead_kb, and one RUN
 * of {@link UdevRulesGenerator#RUN} for a section's hdparm settings; a comment line per setting.
 */
final class UdevSettingLines {
    private UdevSettingLines() {
    }

    /** True when some of {@code settings} is one a udev rule carries (sysfs or hdparm). */
    static boolean persisted(List<SettingValue> settings) {
        return settings.stream().anyMatch(s -> s.setting().mechanism() == SettingMechanism.SYSFS
                || s.setting().mechanism() == SettingMechanism.HDPARM);
    }

    /**
     * The ATTR and RUN keys of a section (one a line), adding a comment line per setting; empty when a value is refused, an empty list
     * when nothing of the section can be done by udev on {@code target}.
     */
    static Optional<List<UdevKey>> settings(List<SettingValue> settings, Function<SettingValue, String> wanted, UdevTarget target,
            String file, List<String> comment, List<ConfigProblem> errors) {
        List<UdevKey> lines = new ArrayList<>();
        boolean hdparm = false;
        boolean refused = false;
        for (SettingValue value : settings) {
            SettingMechanism mechanism = value.setting().mechanism();
            if (mechanism == SettingMechanism.SYSFS) {
                String write = wanted.apply(value);
                String unsafe = write == null ? "nothing" : UdevValues.unsafe(write);
                if (write == null || write.isEmpty() || unsafe != null) {
                    errors.add(new ConfigProblem(file, value.line(), value.setting().key() + " = " + UdevValues.printable(value.written())
                            + ": the value to write " + (write == null || write.isEmpty() ? "is unknown" : "holds " + unsafe)
                            + ", which a udev rule cannot write; fix the value"));
                    refused = true;
                    continue;
                }
                if (value.setting() == Setting.MD_READ_AHEAD_KB && !target.mdQueue() && write.matches("[0-9]{1,9}")) {
                    String sectors = Long.toString(Long.parseLong(write) * 2);
                    comment.add("#   line " + value.line() + ": " + value.setting().key() + " = " + UdevValues.printable(value.written())
                            + " (" + sectors + " sectors by blockdev --setra: md arrays of this kernel have no queue/read_ahead_kb)");
                    lines.add(UdevKey.of("RUN", "+=", UdevRulesGenerator.BLOCKDEV + " --setra " + sectors + " /dev/%k"));
                    continue;
                }
                comment.add("#   line " + value.line() + ": " + value.setting().key() + " = " + UdevValues.printable(value.written())
                        + (write.equals(value.written()) ? "" : " (written as " + write + ")"));
                lines.add(new UdevKey("ATTR", value.setting().attribute().orElseThrow(), "=", write));
            } else if (mechanism == SettingMechanism.HDPARM) {
                comment.add("#   line " + value.line() + ": " + value.setting().key() + " = " + UdevValues.printable(value.written())
                        + (target.systemdRun() ? " (hdparm, by " + UdevRulesGenerator.LAUNCHER + " apply --device)"
                                : " (hdparm, not by this rule: udev cannot start disktune without systemd; hdparm.conf or rc.local sets it at boot)"));
                hdparm = target.systemdRun();
            }
        }
        if (hdparm) {
            lines.add(UdevKey.of("RUN", "+=", UdevRulesGenerator.RUN));
        }
        return refused ? Optional.empty() : Optional.of(lines);
    }
}
