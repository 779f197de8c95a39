package org.disktune.tuning;

import org.disktune.config.Setting;
import org.disktune.config.SettingValue;
import org.disktune.detect.Disk;
import org.disktune.detect.DriveFeatures;
import org.disktune.tuning.SettingTable.Verdict;

/**
 * The hdparm settings of a disk for the {@link SettingTable}: on an ATA disk the current write cache (1/0), APM level
 * (255 when APM is off, the value {@code hdparm -B 255} sets), acoustic level (0 when AAM is off, as {@code hdparm -M 0}
 * sets) and multcount come from the drive's IDENTIFY data ({@link DriveFeatures}); on a legacy IDE disk from
 * /proc/ide/hdX/settings. The standby timer cannot be read back. A feature IDENTIFY says the drive lacks is skipped with
 * the word and bit that say so.
 */
final class DriveFeatureSettings {
    private DriveFeatureSettings() {
    }

    /** The value in effect of an hdparm setting of {@code disk}, null when the machine does not show it. */
    static String current(Setting setting, Disk disk) {
        return switch (setting) {
            case WRITE_CACHE -> disk.features() != null && disk.features().writeCacheEnabled() != null
                    ? (disk.features().writeCacheEnabled() ? "1" : "0")
                    : ide(disk, "wcache");
            case APM -> apm(disk.features());
            case ACOUSTIC -> disk.features() != null && Boolean.TRUE.equals(disk.features().aamSupported())
                    ? acoustic(disk.features())
                    : ide(disk, "acoustic");
            case MULTCOUNT -> disk.features() != null && disk.features().multipleSectorCurrent() != null
                    ? disk.features().multipleSectorCurrent().toString()
                    : ide(disk, "multcount");
            case IO32 -> ide(disk, "io_32bit");
            case DMA -> ide(disk, "using_dma");
            case STANDBY -> null; // the drive's standby timer cannot be read back, by hdparm either
            default -> throw new IllegalStateException("no reader for " + setting.key());
        };
    }

    /**
     * A drive feature the IDENTIFY data says the drive lacks is skipped (a model glob matching a drive without APM is not a
     * configuration error); a drive whose IDENTIFY data is not shown (legacy IDE, 2.6 kernels without the ata_device class)
     * is given the value and hdparm's answer decides.
     */
    static Verdict check(SettingValue v, Disk disk) {
        DriveFeatures f = disk.features();
        String lacking = f == null ? null : switch (v.setting()) {
            case WRITE_CACHE -> Boolean.FALSE.equals(f.writeCacheSupported()) ? "a volatile write cache (IDENTIFY word 82 bit 5)" : null;
            case APM -> Boolean.FALSE.equals(f.apmSupported()) ? "Advanced Power Management (IDENTIFY word 83 bit 3)" : null;
            case ACOUSTIC -> Boolean.FALSE.equals(f.aamSupported()) ? "Automatic Acoustic Management (IDENTIFY word 83 bit 9)" : null;
            default -> null;
        };
        if (lacking != null) {
            return Verdict.skip(v.setting().key() + ": " + disk.name() + (disk.model() == null ? "" : " (" + disk.model() + ")")
                    + " does not support " + lacking);
        }
        return Verdict.accept(v.value());
    }

    /** At most the drive's maximum: IDENTIFY word 47, or the max column of /proc/ide/hdX/settings (taken from it). */
    static Verdict multcount(SettingValue v, Disk disk) {
        Verdict number = SettingTable.number(v, 0, null);
        if (!number.accepted()) {
            return number;
        }
        Integer max = disk.features() != null && disk.features().multipleSectorMax() != null ? disk.features().multipleSectorMax()
                : disk.ide().maxima().containsKey("multcount") ? parseOrNull(disk.ide().maxima().get("multcount")) : null;
        long wanted = Long.parseLong(number.wanted());
        if (max != null && wanted > max) {
            return Verdict.refuse("multcount " + wanted + " is above the maximum of " + disk.name()
                    + (disk.model() == null ? "" : " (" + disk.model() + ")") + ", " + max + " sectors; give 0.." + max
                    + " in " + SettingTable.section(v));
        }
        return number;
    }

    /** APM level in effect; 255 (hdparm -B 255 turns APM off) when supported but off; null when unknown or unsupported. */
    private static String apm(DriveFeatures f) {
        if (f == null || !Boolean.TRUE.equals(f.apmSupported()) || f.apmEnabled() == null) {
            return null;
        }
        return f.apmEnabled() ? SettingTable.text(f.apmLevel()) : "255";
    }

    /**
     * Acoustic level in effect; 0 (hdparm -M 0 turns AAM off) when supported but off. hdparm -M prints word 94's level
     * whether or not AAM is on; the configuration's 0 means off, so off reads as 0.
     */
    private static String acoustic(DriveFeatures f) {
        if (f.aamEnabled() == null) {
            return null;
        }
        return f.aamEnabled() ? SettingTable.text(f.aamLevel()) : "0";
    }

    private static Integer parseOrNull(String text) {
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String ide(Disk disk, String key) {
        return disk.ide() == null ? null : disk.ide().settings().get(key);
    }
}
