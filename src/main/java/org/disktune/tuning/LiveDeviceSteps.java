package org.disktune.tuning;

import java.util.List;

import org.disktune.apply.ProgramSetting;
import org.disktune.apply.WriteReadAhead;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.hdparm.HdparmArgs;

/**
 * The settings made now by a program rather than a sysfs write, each with its journaled undo: hdparm for drive
 * features; and the readahead of an md array whose kernel has no queue/read_ahead_kb, set through the BLKRASET ioctl.
 */
final class LiveDeviceSteps {
    private LiveDeviceSteps() {
    }

    /**
     * An hdparm step for each drive feature that differs (or cannot be read: a standby timer), naming the disk by its
     * /dev/disk/by-id path so that the journaled undo finds it after its kernel name moved.
     */
    static void hdparm(PersistencePlanning p) {
        for (EffectiveSetting s : p.tuning.settings()) {
            if (s.setting().mechanism() != SettingMechanism.HDPARM || s.status() != SettingStatus.CHANGE) {
                continue;
            }
            String device = PersistencePlanning.hdparmDevice(s);
            List<String> undo = s.current() == null ? List.of() : HdparmArgs.set(s.setting(), s.current(), device);
            p.live.add(new ProgramSetting(device, s.target(), s.identity(), s.setting().key(), s.current(), s.wanted(),
                    HdparmArgs.set(s.setting(), s.wanted(), device), undo,
                    s.origin().origin() + ": " + s.setting().key() + " " + s.wanted() + " on " + s.target() + " now"));
        }
    }

    /**
     * The readahead of an md array whose kernel has no queue/read_ahead_kb, set now through the BLKRASET ioctl with
     * the old value journaled for undo; the planner read it through BLKRAGET.
     */
    static void mdReadAhead(PersistencePlanning p) {
        if (p.target.mdQueue()) {
            return;
        }
        for (EffectiveSetting s : p.tuning.settings()) {
            if (s.setting() != Setting.MD_READ_AHEAD_KB || s.status() != SettingStatus.CHANGE || s.current() == null) {
                continue;
            }
            p.live.add(new WriteReadAhead(s.target(), s.identity(), s.setting().key(), Long.parseLong(s.current().strip()),
                    Long.parseLong(s.wanted().strip()), s.origin().origin() + ": " + s.setting().key() + " " + s.wanted() + " on "
                            + s.target() + " now (BLKRASET)"));
        }
    }
}
