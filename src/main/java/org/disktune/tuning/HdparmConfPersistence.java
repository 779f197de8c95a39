package org.disktune.tuning;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.disktune.apply.WriteFile;
import org.disktune.detect.DpkgStatus;
import org.disktune.persist.HdparmConfBlock;

/**
 * Debian's /etc/hdparm.conf as the carrier of hdparm settings on a machine without systemd where the hdparm package is
 * installed (its init script and udev helper read the file at boot): disktune's block of stanzas, gone when nothing
 * needs it.
 */
final class HdparmConfPersistence {
    private HdparmConfPersistence() {
    }

    /**
     * Debian's hdparm package carries hdparm settings here: dpkg's status says hdparm is installed and its conffile
     * /etc/hdparm.conf is there (a machine booted by systemd gets them from the udev rules instead).
     */
    static boolean applies(PersistencePlanning p) {
        if (p.target.systemdRun()) {
            return false;
        }
        byte[] status = p.files.apply(DpkgStatus.PATH);
        return status != null && p.files.apply(PersistencePlanner.HDPARM_CONF) != null
                && DpkgStatus.installedVersion(new String(status, StandardCharsets.ISO_8859_1), "hdparm").isPresent();
    }

    /** Writes the stanzas of each disk present now (device path to hdparm.conf lines) into disktune's block. */
    static void plan(PersistencePlanning p, Map<String, List<String>> stanzas) {
        String conf = PersistencePlanner.HDPARM_CONF;
        byte[] before = p.files.apply(conf);
        byte[] after = HdparmConfBlock.with(before, HdparmConfBlock.block(p.file, stanzas));
        if (!Arrays.equals(before, after)) {
            p.fileSteps.add(new WriteFile(conf, before, after, stanzas.isEmpty() ? "no hdparm setting needs " + conf + " any more"
                    : "hdparm settings at every boot through Debian's hdparm package, for the " + stanzas.size()
                            + (stanzas.size() == 1 ? " disk" : " disks") + " present now"));
        }
        if (!stanzas.isEmpty()) {
            p.carriers.add(conf);
            p.notes.add(conf + " carries the hdparm settings of the disks present now: this Debian machine has no systemd and has the "
                    + "hdparm package, whose boot script applies that file; a disk plugged in later gets them from `disktune apply`");
        }
    }
}
