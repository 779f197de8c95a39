package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;

import org.disktune.tuning.DesiredStateService.Evaluation;
import org.disktune.tuning.HdparmConfOverlap;
import org.disktune.tuning.PersistenceGap;

/**
 * Whether the settings of the configuration last: each file that carries them (the udev rules for sysfs and hdparm
 * settings, fstab for mount options) is ok when it holds what the configuration asks, and drift ("will be lost at
 * reboot") when it is missing or differs, or is an rc.local boot does not run (not executable: its own fix), naming the file (and, for the udev rules, the rules that differ; a rules file
 * that differs only in comments is ok: udev reads the same rules); a mount point without an fstab line is drift too; a setting
 * Debian's /etc/hdparm.conf also gives the disk is drift when the values differ (the two fight at every boot and
 * hotplug) and unknown when they agree for now; persistence that cannot be told to work from here (a RUN of systemd-run
 * on a machine whose init system is not known) is unknown. Module
 * options are checked by {@link ModprobeFileChecker} and {@link InitramfsChecker}.
 */
final class PersistenceChecker implements Checker {
    private final Evaluation evaluation;

    PersistenceChecker(Evaluation evaluation) {
        this.evaluation = evaluation;
    }

    @Override
    public List<Check> check(VerifyContext context) {
        List<Check> checks = new ArrayList<>();
        for (String file : evaluation.persistence().inPlace()) {
            checks.add(Check.ok("persistence", file, "holds the settings of " + evaluation.file(), "in place"));
        }
        for (PersistenceGap intact : evaluation.persistence().intact()) {
            checks.add(Check.ok("persistence", intact.file(), "holds the settings of " + evaluation.file(), intact.cause()));
        }
        for (PersistenceGap gap : evaluation.persistence().gaps()) {
            String fix = gap.applyFixes() ? "disktune apply"
                    + (evaluation.file().equals(org.disktune.config.DesiredStateReader.PATH) ? "" : " --config " + evaluation.file())
                    + (gap.fix() == null ? "" : gap.fix()) : gap.fix();
            checks.add(new Check("persistence", gap.subject().equals(gap.file()) ? gap.file() : gap.subject() + " in " + gap.file(),
                    CheckStatus.DRIFT, "holds the settings of " + evaluation.file(), gap.found(),
                    gap.cause() + "; the settings will be lost at reboot; fix: " + fix));
        }
        for (PersistenceGap gap : evaluation.persistence().uncertain()) {
            checks.add(new Check("persistence", gap.subject() + " in " + gap.file(), CheckStatus.UNKNOWN,
                    "holds the settings of " + evaluation.file(), "cannot tell", gap.cause()));
        }
        for (HdparmConfOverlap.Overlap o : evaluation.hdparmOverlaps()) {
            checks.add(new Check("hdparm.conf", o.disk() + " " + o.setting().key() + " (" + o.file() + (o.line() > 0 ? ":" + o.line() : "")
                    + ")", o.sameValue() ? CheckStatus.UNKNOWN : CheckStatus.DRIFT, o.disktuneValue() + " (" + o.disktuneOrigin() + ")",
                    o.hdparmValue(), o.message()));
        }
        return checks;
    }
}
