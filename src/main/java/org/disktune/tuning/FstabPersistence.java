package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.disktune.apply.ProgramSetting;
import org.disktune.apply.WriteFile;
import org.disktune.config.ConfigProblem;
import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.persist.FstabEditor;
import org.disktune.persist.FstabResult;
import org.disktune.persist.MountArgs;
import org.disktune.persist.MountOptions;

/**
 * Mount options: each mount's options into the options field of its fstab line (one write for the file), and a
 * {@code mount -o remount} for each value that differs now.
 */
final class FstabPersistence {
    private FstabPersistence() {
    }

    static void plan(PersistencePlanning p) {
        Map<String, List<EffectiveSetting>> byMount = new LinkedHashMap<>();
        for (EffectiveSetting s : p.tuning.settings()) {
            if (s.scope() == SettingScope.MOUNT && s.wanted() != null) {
                byMount.computeIfAbsent(s.target(), t -> new ArrayList<>()).add(s);
            }
        }
        if (byMount.isEmpty()) {
            return;
        }
        String fstab = PersistencePlanner.FSTAB;
        byte[] before = p.files.apply(fstab);
        byte[] after = before;
        List<String> why = new ArrayList<>();
        for (Map.Entry<String, List<EffectiveSetting>> e : byMount.entrySet()) {
            String mountPoint = e.getKey();
            MountOptions wanted = options(e.getValue());
            if (after == null) {
                p.unpersisted.add(PersistenceGap.notCarried(fstab, mountPoint, "there is no " + fstab + ", so " + describe(e.getValue())
                        + " holds until the next mount", "give " + mountPoint + " a line in " + fstab + ", then run disktune apply"));
            } else {
                FstabResult result = FstabEditor.set(after, fstab, mountPoint, wanted);
                if (result instanceof FstabResult.Edited edited) {
                    if (edited.changed()) {
                        why.add(fstab + ":" + edited.line() + " " + mountPoint + " " + edited.oldOptions() + " -> " + edited.newOptions());
                        after = edited.after();
                    }
                } else if (result instanceof FstabResult.NotInFstab missing) {
                    p.unpersisted.add(PersistenceGap.notCarried(fstab, mountPoint, missing.message(),
                            "give " + mountPoint + " a line in " + fstab + ", then run disktune apply"));
                } else if (result instanceof FstabResult.Refused refused) {
                    p.errors.add(new ConfigProblem(p.file, e.getValue().get(0).origin().line(), refused.message()));
                }
            }
            for (EffectiveSetting s : e.getValue()) {
                if (s.status() == SettingStatus.CHANGE) {
                    p.live.add(remount(mountPoint, s));
                }
            }
        }
        if (!Arrays.equals(before, after)) {
            p.fileSteps.add(new WriteFile(fstab, before, after, "mount options that last: " + String.join("; ", why)));
        }
    }

    /** The remount that sets one option now, undone by a remount with its current value (none when that is not known). */
    private static ProgramSetting remount(String mountPoint, EffectiveSetting s) {
        MountOptions one = options(List.of(s));
        MountOptions back = s.current() == null ? null : options(s.setting(), s.current());
        return new ProgramSetting(mountPoint, null, null, s.setting().key(), back == null ? null : s.current(),
                s.wanted(), MountArgs.remount(mountPoint, one),
                back == null ? List.of() : MountArgs.remount(mountPoint, back),
                s.origin().origin() + ": " + s.setting().key() + " " + s.wanted() + " on " + mountPoint + " now");
    }

    private static MountOptions options(List<EffectiveSetting> settings) {
        String atime = null;
        Boolean lazytime = null;
        for (EffectiveSetting s : settings) {
            if (s.setting() == Setting.ATIME) {
                atime = s.wanted();
            } else if (s.setting() == Setting.LAZYTIME) {
                lazytime = yes(s.wanted());
            }
        }
        return new MountOptions(atime, lazytime);
    }

    private static MountOptions options(Setting setting, String value) {
        return setting == Setting.ATIME ? new MountOptions(value, null) : new MountOptions(null, yes(value));
    }

    private static boolean yes(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "1", "yes", "on", "true" -> true;
            default -> false;
        };
    }

    private static String describe(List<EffectiveSetting> settings) {
        return settings.stream().map(s -> s.setting().key() + " = " + s.wanted()).collect(Collectors.joining(", "));
    }
}
