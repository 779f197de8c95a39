package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.hdparm.HdparmArgs;
import org.disktune.hdparm.HdparmOutputParser;
import org.disktune.host.CommandResult;
import org.disktune.host.Host;

/**
 * On the running machine, asks hdparm for the drive features sysfs does not show right, and revises the planner's
 * settings with the answers (the planner stays pure):
 * <ul>
 * <li>APM and acoustic levels: the kernel re-reads IDENTIFY after {@code hdparm -W} and {@code -m} but not after
 * {@code -B} or {@code -M} (libata's ata_qc_complete revalidates on SET FEATURES write cache and SET MULTIPLE only),
 * so /sys/class/ata_device/.../id keeps the old level until the next reset: without asking, a second apply would set
 * it again and verify would call it drift;</li>
 * <li>any hdparm setting whose value detect could not read (a SATA disk of a kernel without the ata_device class).</li>
 * </ul>
 * Standby has no query and stays unknown. Without hdparm, on a tree that is not the running machine, or when
 * hdparm gives no answer (a USB bridge), the planner's value stays.
 */
final class HdparmReadback {
    TuningPlan refine(Host host, TuningPlan plan) {
        if (!host.live() || !host.commands().available("hdparm")) {
            return plan;
        }
        List<EffectiveSetting> settings = new ArrayList<>();
        for (EffectiveSetting s : plan.settings()) {
            settings.add(ask(host, s).orElse(s));
        }
        return new TuningPlan(settings, plan.changes(), plan.errors(), plan.absent(), plan.notes());
    }

    private static Optional<EffectiveSetting> ask(Host host, EffectiveSetting s) {
        boolean stale = s.setting() == Setting.APM || s.setting() == Setting.ACOUSTIC;
        if (s.setting().mechanism() != SettingMechanism.HDPARM || s.wanted() == null || !(stale || s.current() == null)
                || (s.status() != SettingStatus.CHANGE && s.status() != SettingStatus.IN_STATE)) {
            return Optional.empty();
        }
        String device = s.identity() != null ? "/dev/disk/by-id/" + s.identity() : "/dev/" + s.target();
        Optional<List<String>> query = HdparmArgs.query(s.setting(), device);
        if (query.isEmpty()) {
            return Optional.empty();
        }
        CommandResult result = host.commands().query(query.get());
        if (!result.ok()) {
            return Optional.empty();
        }
        return HdparmOutputParser.value(s.setting(), result.stdout()).map(now -> new EffectiveSetting(s.scope(), s.target(), s.identity(),
                s.setting(), s.wanted(), now, s.origin(), s.attribute(),
                SettingTable.same(s.setting(), s.wanted(), now) ? SettingStatus.IN_STATE : SettingStatus.CHANGE));
    }
}
