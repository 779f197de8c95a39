package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.BootIdReader;
import org.disktune.config.SettingMechanism;
import org.disktune.host.Host;
import org.disktune.persist.Units;
import org.disktune.persist.UnitsState;
import org.disktune.tuning.BootStatus;
import org.disktune.tuning.DesiredStateService.Evaluation;

/**
 * What runs the configuration with nobody watching: the program the udev rule and the units start
 * ({@value Units#PROGRAM}: drift when hdparm settings need it and it is missing, since the rule's RUN then fails at
 * every boot and hotplug) and disktune.service with the outcome of its last run in this boot (from
 * {@value BootStatus#PATH}): ok when it ran and succeeded, drift when it failed, unknown when it is not enabled
 * (no setting depends on it alone: udev rules and fstab carry them all) or has not run in this boot. On a machine
 * without systemd neither applies (the PersistenceChecker checks the rc.local that carries hdparm settings there).
 */
final class BootUnitChecker implements Checker {
    private final Host host;
    private final Evaluation evaluation;

    BootUnitChecker(Host host, Evaluation evaluation) {
        this.host = host;
        this.evaluation = evaluation;
    }

    @Override
    public List<Check> check(VerifyContext context) {
        List<Check> checks = new ArrayList<>();
        if (evaluation.tuning().settings().isEmpty()) {
            return checks;
        }
        UnitsState units = UnitsState.read(host);
        boolean hdparm = evaluation.tuning().settings().stream().anyMatch(s -> s.setting().mechanism() == SettingMechanism.HDPARM
                && s.wanted() != null);
        // without systemd the rule runs no disktune and there is no disktune.service: rc.local carries the hdparm settings
        boolean systemd = org.disktune.detect.InitSystem.detect(host).kind() != org.disktune.detect.InitSystem.Kind.SYSVINIT;
        if (!systemd) {
            return checks;
        }
        if (hdparm) {
            checks.add(units.programPresent() ? Check.ok("boot", Units.PROGRAM, "present", "present")
                    : new Check("boot", Units.PROGRAM, CheckStatus.DRIFT, "present", "missing", "the udev rule runs " + Units.PROGRAM
                            + " apply --device for the hdparm settings, so they will be lost at reboot and hotplug; fix: install the "
                            + "disktune package, or link the launcher there (ln -s PATH/TO/disktune " + Units.PROGRAM + ")"));
        }
        String unit = "disktune.service";
        if (!units.enabled().contains(unit)) {
            checks.add(new Check("boot", unit, CheckStatus.UNKNOWN, "enabled", "not enabled",
                    "nothing checks the settings at boot or records how it went; fix: disktune units install"));
            return checks;
        }
        Optional<BootStatus.Run> last = new BootStatus(host).last();
        String now = BootIdReader.read(host);
        if (last.isEmpty() || !evaluation.live() || !now.equals(last.get().bootId())) {
            checks.add(new Check("boot", unit, evaluation.live() ? CheckStatus.UNKNOWN : CheckStatus.PENDING, "ran in this boot",
                    last.isEmpty() ? "no record" : "last ran " + last.get().time(),
                    evaluation.live() ? "no record of a run in this boot (" + BootStatus.PATH + "); see systemctl status " + unit
                            : "enabled; it runs when this tree boots"));
        } else if (!last.get().ok()) {
            checks.add(new Check("boot", unit, CheckStatus.DRIFT, "ran in this boot", "failed at " + last.get().time(),
                    last.get().failure() + "; see journalctl -b -u " + unit));
        } else {
            checks.add(Check.ok("boot", unit, "ran in this boot", "ok at " + last.get().time() + ", made "
                    + last.get().applied() + " setting(s) again"));
        }
        return checks;
    }
}
