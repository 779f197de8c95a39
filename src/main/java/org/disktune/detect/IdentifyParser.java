package org.disktune.detect;

import java.util.Optional;

/**
 * Decodes IDENTIFY DEVICE data as libata exposes it in {@code /sys/class/ata_device/devP.D/id}: 256
 * 16-bit words written as hexadecimal text. Word numbers follow ATA8-ACS.
 */
public final class IdentifyParser {
    private static final int WORDS = 256;

    /** Parses the text; empty when it is not 256 hexadecimal words. */
    public Optional<IdentifyData> parse(String text) {
        String[] tokens = SysfsAttributes.words(text.strip());
        if (tokens.length != WORDS) {
            return Optional.empty();
        }
        int[] w = new int[WORDS];
        for (int i = 0; i < WORDS; i++) {
            if (!SysfsNames.isHex(tokens[i], 4)) {
                return Optional.empty();
            }
            w[i] = Integer.parseInt(tokens[i], 16);
        }
        boolean word76Valid = w[76] != 0 && w[76] != 0xffff;
        boolean ncq = word76Valid && (w[76] & (1 << 8)) != 0;
        Integer depth = ncq ? (w[75] & 0x1f) + 1 : null;
        return Optional.of(new IdentifyData(
                ataString(w, 27, 47),
                ataString(w, 10, 20),
                ataString(w, 23, 27),
                ncq,
                depth,
                wwn(w),
                rotationRate(w[217]),
                DriveFeatures.of(w)));
    }

    private static String ataString(int[] w, int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i < to; i++) {
            s.append((char) ((w[i] >> 8) & 0xff)).append((char) (w[i] & 0xff));
        }
        String value = s.toString().strip();
        return value.isEmpty() || !SysfsAttributes.isPrintableAscii(value) ? null : value;
    }

    private static String wwn(int[] w) {
        boolean valid = (w[87] & 0xc000) == 0x4000 && (w[87] & (1 << 8)) != 0;
        if (!valid || (w[108] | w[109] | w[110] | w[111]) == 0) {
            return null;
        }
        return String.format("0x%04x%04x%04x%04x", w[108], w[109], w[110], w[111]);
    }

    private static Integer rotationRate(int word) {
        if (word == 1) {
            return 1;
        }
        return word >= 0x0401 && word <= 0xfffe ? word : null;
    }
}
