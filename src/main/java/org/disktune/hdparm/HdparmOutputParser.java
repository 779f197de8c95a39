package org.disktune.hdparm;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.config.Setting;

/**
 * The value of one setting in the output of {@code hdparm -W/-B/-M/-c/-m/-d DEVICE}, as hdparm 9.x prints it
 * (hdparm.c, unchanged from 9.58 to 9.65; the 9.65 binary's format strings agree):
 * <pre>
 *  write-caching =  1 (on)          "%2d" and " (on)"/" (off)", or "not supported"
 *  APM_level      = 254             a TAB before "=": the level, "off" (APM supported, disabled) or "not supported"
 *  acoustic      = 254 (128=quiet ... 254=fast)   or "not supported"
 *  IO_support    =  1 (32-bit)      "%3ld (", then default / 16-bit / 32-bit / 32-bit w/sync
 *  multcount     = 16 (on)
 *  using_dma     =  1 (on)          8 is " (DMA-Assisted-PIO)"
 * </pre>
 * Values come back in the configuration's terms: write cache and DMA as 1/0, APM "off" as 255 (what {@code -B255}
 * sets). hdparm prints word 94's acoustic level whether or not AAM is enabled, so its acoustic value cannot say "off".
 * On a device that is not ATA (a loop device, most USB bridges) -W/-B/-M print only the device line and -c/-m/-d fail
 * with "HDIO_GET_32BIT failed: Invalid argument" on stderr: empty. Standby has no query: always empty.
 */
public final class HdparmOutputParser {
    private HdparmOutputParser() {
    }

    public static Optional<String> value(Setting s, String stdout) {
        String label = switch (s) {
            case WRITE_CACHE -> "write-caching";
            case APM -> "APM_level";
            case ACOUSTIC -> "acoustic";
            case IO32 -> "IO_support";
            case MULTCOUNT -> "multcount";
            case DMA -> "using_dma";
            case STANDBY -> null;
            default -> throw new IllegalArgumentException(s.key() + " is not read with hdparm");
        };
        if (label == null || stdout == null) {
            return Optional.empty();
        }
        Matcher m = Pattern.compile("(?m)^[ \\t]*" + Pattern.quote(label) + "[ \\t]*=[ \\t]*(\\d+|off)\\b").matcher(stdout);
        if (!m.find()) {
            return Optional.empty();
        }
        String value = m.group(1);
        if (value.equals("off")) {
            return s == Setting.APM ? Optional.of("255") : Optional.empty();
        }
        String number = Long.toString(Long.parseLong(value));
        return Optional.of(number);
    }
}
