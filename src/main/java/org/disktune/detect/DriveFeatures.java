package org.disktune.detect;

/**
 * The drive features that {@code hdparm -W/-B/-M/-m} set, as the IDENTIFY DEVICE data shows them (word numbers
 * of ATA8-ACS; null = the drive does not say). Decoded by {@link #of(int[])} with the rules the kernel and
 * hdparm use:
 * <ul>
 * <li>words 82-87 equal to 0000h or FFFFh carry no feature information (ATA8-ACS 7.16.7.40);</li>
 * <li>words 82 and 83 are valid only when word 83 bits 15:14 are 01 (include/linux/ata.h
 * {@code ata_id_has_wcache}: "word 83 valid bits cover word 82 data"), words 85 and 86 only when word 87 bits
 * 15:14 are 01 ({@code ata_id_wcache_enabled});</li>
 * <li>write cache: supported word 82 bit 5, enabled word 85 bit 5 (hdparm.c {@code get_wcache});</li>
 * <li>Advanced Power Management: supported word 83 bit 3, enabled word 86 bit 3, level word 91 bits 7:0
 * (hdparm.c {@code get_apmmode}, which prints "off" when supported but disabled);</li>
 * <li>Automatic Acoustic Management: supported word 83 bit 9, enabled word 86 bit 9, level word 94 bits 7:0;</li>
 * <li>multiple-sector transfers: maximum word 47 bits 7:0 (0 = READ/WRITE MULTIPLE not supported), current
 * word 59 bits 7:0 when word 59 bit 8 says the setting is valid, else none is set (0), as hdparm reports it;
 * word 47 equal to 0000h or FFFFh (an empty port, a device that answers nothing) says nothing.
 * hdparm.c compares the whole high byte of word 59 with 01h; ACS-2 gave bits 15:12 other meanings (sanitize),
 * so only bit 8 is tested here.</li>
 * </ul>
 * libata's {@code /sys/class/ata_device/devP.D/id} is the IDENTIFY data read at probe or at the last
 * revalidation. libata revalidates after SET FEATURES write cache on/off and after SET MULTIPLE MODE
 * ({@code ata_qc_complete} in drivers/ata/libata-core.c), so write cache and multcount stay current; it does not
 * after SET FEATURES APM or AAM, so after {@code hdparm -B} or {@code -M} the APM and acoustic levels here are the
 * old ones until the next reset or resume: {@code hdparm -B} / {@code -M} reads them afresh.
 */
public record DriveFeatures(
        Boolean writeCacheSupported,
        Boolean writeCacheEnabled,
        Boolean apmSupported,
        Boolean apmEnabled,
        Integer apmLevel,
        Boolean aamSupported,
        Boolean aamEnabled,
        Integer aamLevel,
        Integer multipleSectorMax,
        Integer multipleSectorCurrent) {

    /** Decodes the 256 IDENTIFY words. */
    public static DriveFeatures of(int[] w) {
        if (w.length != 256) {
            throw new IllegalArgumentException("IDENTIFY data has 256 words, not " + w.length);
        }
        boolean w83Valid = informative(w[83]) && (w[83] & 0xc000) == 0x4000;
        boolean w82Valid = w83Valid && informative(w[82]);
        boolean w87Valid = informative(w[87]) && (w[87] & 0xc000) == 0x4000;
        boolean w85Valid = w87Valid && informative(w[85]);
        boolean w86Valid = w87Valid && informative(w[86]);

        Boolean wcSupported = w82Valid ? bit(w[82], 5) : null;
        Boolean wcEnabled = Boolean.TRUE.equals(wcSupported) && w85Valid ? bit(w[85], 5) : null;
        Boolean apmSupported = w83Valid ? bit(w[83], 3) : null;
        Boolean apmEnabled = Boolean.TRUE.equals(apmSupported) && w86Valid ? bit(w[86], 3) : null;
        Integer apmLevel = Boolean.TRUE.equals(apmEnabled) ? w[91] & 0xff : null;
        Boolean aamSupported = w83Valid ? bit(w[83], 9) : null;
        Boolean aamEnabled = Boolean.TRUE.equals(aamSupported) && w86Valid ? bit(w[86], 9) : null;
        Integer aamLevel = Boolean.TRUE.equals(aamEnabled) ? w[94] & 0xff : null;
        Integer multMax = informative(w[47]) ? w[47] & 0xff : null;
        Integer multCurrent = null;
        if (multMax != null) {
            multCurrent = multMax == 0 || (w[59] & 0x100) == 0 ? 0 : w[59] & 0xff;
        }
        return new DriveFeatures(wcSupported, wcEnabled, apmSupported, apmEnabled, apmLevel, aamSupported, aamEnabled, aamLevel,
                multMax, multCurrent);
    }

    private static boolean informative(int word) {
        return word != 0x0000 && word != 0xffff;
    }

    private static boolean bit(int word, int bit) {
        return (word & (1 << bit)) != 0;
    }
}
