package org.disktune.hdparm;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

import org.disktune.config.Setting;
import org.disktune.core.DisktuneException;

/**
 * The {@code hdparm} argument list that sets or reads one setting of one device, for a {@code RunProgram} (never a
 * shell). The option letter and value are one argument ({@code -W0}, {@code -B254}), as hdparm's
 * {@code GET_SET_PARM} accepts and Debian's hdparm-functions writes them. Values are checked again here against
 * hdparm's own ranges (hdparm.c {@code GET_SET_PARM}: -W 0-1, -B 0-255, -S 0-255, -M 0-255, -c 0-3, -m 0-64, -d 0-1)
 * and the configuration's (apm 1-255, acoustic 0 or 128-254, io32 0, 1 or 3): digits only, so nothing can smuggle an
 * option or a second device; the device is a path under /dev.
 */
public final class HdparmArgs {
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,3}");
    private static final Pattern DEVICE = Pattern.compile("/dev/[A-Za-z0-9_][A-Za-z0-9_.:+@-]*(/[A-Za-z0-9_][A-Za-z0-9_.:+@-]*)*");

    private HdparmArgs() {
    }

    /** {@code hdparm -W0 /dev/sdb} and the like; the value as the configuration or the planner gives it (on/off for switches). */
    public static List<String> set(Setting s, String wanted, String device) {
        String dev = device(device);
        String option = switch (s) {
            case WRITE_CACHE -> "-W" + flag(s, wanted);
            case APM -> "-B" + number(s, wanted, 1, 255);
            case STANDBY -> "-S" + number(s, wanted, 0, 255);
            case ACOUSTIC -> {
                int level = number(s, wanted, 0, 254);
                if (level != 0 && level < 128) {
                    throw DisktuneException.usage("acoustic " + wanted + " for " + dev + " is not an acoustic level; use 0 (off) or 128 to 254");
                }
                yield "-M" + level;
            }
            case IO32 -> {
                int mode = number(s, wanted, 0, 3);
                if (mode == 2) {
                    throw DisktuneException.usage("io32 2 for " + dev + " is not accepted; use 0, 1 or 3");
                }
                yield "-c" + mode;
            }
            case MULTCOUNT -> "-m" + number(s, wanted, 0, 64);
            case DMA -> "-d" + flag(s, wanted);
            default -> throw new IllegalArgumentException(s.key() + " is not set with hdparm");
        };
        return List.of("hdparm", option, dev);
    }

    /** {@code hdparm -W /dev/sdb} and the like; empty for standby, which no hdparm option reads back. */
    public static Optional<List<String>> query(Setting s, String device) {
        String dev = device(device);
        String option = switch (s) {
            case WRITE_CACHE -> "-W";
            case APM -> "-B";
            case ACOUSTIC -> "-M";
            case IO32 -> "-c";
            case MULTCOUNT -> "-m";
            case DMA -> "-d";
            case STANDBY -> null;
            default -> throw new IllegalArgumentException(s.key() + " is not read with hdparm");
        };
        return option == null ? Optional.empty() : Optional.of(List.of("hdparm", option, dev));
    }

    private static String device(String device) {
        if (device == null || !DEVICE.matcher(device).matches() || device.contains("/../") || device.endsWith("/..")) {
            throw DisktuneException.usage("hdparm device " + device + " is not a device path; give /dev/NAME (a kernel name or a "
                    + "/dev/disk/by-id link)");
        }
        return device;
    }

    private static int flag(Setting s, String wanted) {
        return switch (wanted == null ? "" : wanted.strip().toLowerCase(Locale.ROOT)) {
            case "1", "on", "yes" -> 1;
            case "0", "off", "no" -> 0;
            default -> throw DisktuneException.usage(s.key() + " " + wanted + " is not a switch; use on or off");
        };
    }

    private static int number(Setting s, String wanted, int min, int max) {
        if (wanted == null || !DIGITS.matcher(wanted).matches() || Integer.parseInt(wanted) < min || Integer.parseInt(wanted) > max) {
            throw DisktuneException.usage(s.key() + " " + wanted + " is not accepted; use a whole number from " + min + " to " + max);
        }
        return Integer.parseInt(wanted);
    }
}
