package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;

import org.disktune.config.SettingMechanism;
import org.disktune.tuning.DesiredStateService.Evaluation;
import org.disktune.tuning.EffectiveSetting;
import org.disktune.tuning.PersistencePlanner;

/**
 * The settings of the configuration against the live machine: one check per disk, array or mount and setting,
 * naming the target with its stable ID, the setting, the wanted and the found value, and the fix. Sysfs settings
 * are ok or drift (changed behind disktune's back, or never applied: {@code disktune apply}); hdparm settings and
 * mount options are not applied by this version: ok when the machine already has the value, else unknown with
 * that reason. A mount option of a file system that is not mounted now but has an fstab line is pending while that
 * line carries it (drift when it does not). A section that matches nothing on this machine is absent (a failure only
 * with --strict).
 */
final class SettingsChecker implements Checker {
    private final Evaluation evaluation;

    SettingsChecker(Evaluation evaluation) {
        this.evaluation = evaluation;
    }

    @Override
    public List<Check> check(VerifyContext context) {
        List<Check> checks = new ArrayList<>();
        for (EffectiveSetting s : evaluation.tuning().settings()) {
            String subject = s.target() + (s.identity() == null ? "" : " (" + s.identity() + ")") + " " + s.setting().key();
            String expected = s.wanted() + " (" + s.origin().origin() + ")";
            String found = s.current() == null ? "unknown" : s.current();
            checks.add((switch (s.status()) {
                case IN_STATE -> Check.ok("setting", subject, expected, found);
                case CHANGE -> !evaluation.live() && evaluation.persistence().gaps().isEmpty()
                        ? new Check("setting", subject, CheckStatus.PENDING, expected, found,
                                "this tree is not the running machine: its udev rules, fstab and boot unit set it at its next boot")
                        : new Check("setting", subject, CheckStatus.DRIFT, expected, found,
                        s.setting().mechanism() == SettingMechanism.SYSFS
                                ? s.attribute() + " is " + found + ", not " + s.wanted() + " (changed since apply, or never applied); "
                                        + "fix: disktune apply" + config()
                                : "fix: disktune apply" + config());
                case UNKNOWN -> new Check("setting", subject, CheckStatus.UNKNOWN, expected, found,
                        "the current value cannot be read");
                case SKIPPED -> new Check("setting", subject, CheckStatus.UNKNOWN, expected, found,
                        "the device does not support this setting, so it is skipped");
                case INVALID -> new Check("setting", subject, CheckStatus.DRIFT, expected, found,
                        "the device refuses this setting; fix the configuration (disktune config check)");
                case NOT_MOUNTED -> fstabPending()
                        ? new Check("setting", subject, CheckStatus.DRIFT, expected, "not mounted",
                                s.target() + " is not mounted now and " + PersistencePlanner.FSTAB + " does not carry " + s.setting().key()
                                        + " = " + s.wanted() + " for it yet; fix: disktune apply" + config())
                        : new Check("setting", subject, CheckStatus.PENDING, expected, "not mounted",
                                s.target() + " is not mounted now: its " + PersistencePlanner.FSTAB
                                        + " line carries it, and it takes effect when it is mounted");
            }).about(new Check.Target(s.target(), s.identity(), s.setting().key())));
        }
        for (String absent : evaluation.tuning().absent()) {
            checks.add(new Check("absent", absent, CheckStatus.ABSENT, "present", "absent",
                    "nothing on this machine matches it (fails only with --strict)"));
        }
        return checks;
    }

    /** Whether fstab differs from what the configuration asks (the write apply would make). */
    private boolean fstabPending() {
        return evaluation.persistence().gaps().stream().anyMatch(g -> g.file().equals(PersistencePlanner.FSTAB));
    }

    private String config() {
        return evaluation.file().equals(org.disktune.config.DesiredStateReader.PATH) ? "" : " --config " + evaluation.file();
    }
}
