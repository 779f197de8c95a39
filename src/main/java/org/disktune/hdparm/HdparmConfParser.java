package org.disktune.hdparm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.disktune.config.Setting;
import org.disktune.config.SettingSyntax;

/**
 * Reads Debian's {@code /etc/hdparm.conf} line by line the way {@code hdparm_options} in {@code /lib/hdparm/hdparm-functions}
 * (hdparm 9.65+ds-1, the same since the udev helper replaced the init script) does: lines whose first non-blank character
 * is {@code #} and blank lines are skipped; every other line is split like the shell's {@code read KEY SEP VALUE} (first
 * word, second word, the rest): {@code KEY {} opens a block ({@code command_line} or a device), {@code KEY = VALUE} is an
 * option, a lone {@code }} closes the block, a lone word is a flag ({@code quiet}, {@code standby}, ...). An unknown
 * key, separator or lone word, or an on/off option with another value, ends the script there ({@code exit 1}). Options
 * after the first block's {@code }} that are outside any block reach no disk: the script's DISC stays set after
 * {@code }}, so they change the closed block's options, which are never used again.
 *
 * <p>Mapping to disktune: write_cache, apm, spindown_time and force_spindown_time, acoustic_management, io32_support,
 * mult_sect_io, dma, and read_ahead_sect (hdparm -a counts 512-byte sectors: read_ahead_kb is half, rounded down
 * when odd; the kernel keeps whole pages of either). apm_battery (applied on battery only) and the rest are not
 * disktune settings.
 */
public final class HdparmConfParser {
    /** Keys of {@code key = value} options hdparm-functions knows, with the hdparm option each becomes. */
    private static final Map<String, String> VALUE_KEYS = Map.ofEntries(
            Map.entry("read_ahead_sect", "-a"), Map.entry("lookahead", "-A"), Map.entry("bus", "-b"), Map.entry("apm", "-B"),
            Map.entry("apm_battery", "-B"), Map.entry("io32_support", "-c"), Map.entry("dma", "-d"), Map.entry("defect_mana", "-D"),
            Map.entry("cd_speed", "-E"), Map.entry("mult_sect_io", "-m"), Map.entry("prefetch_sect", "-P"), Map.entry("read_only", "-r"),
            Map.entry("write_read_verify", "-R"), Map.entry("spindown_time", "-S"), Map.entry("force_spindown_time", "-S"),
            Map.entry("poweron_standby", "-s"), Map.entry("interrupt_unmask", "-u"), Map.entry("write_cache", "-W"),
            Map.entry("transfer_mode", "-X"), Map.entry("acoustic_management", "-M"), Map.entry("keep_settings_over_reset", "-k"),
            Map.entry("keep_features_over_reset", "-K"), Map.entry("chipset_pio_mode", "-p"), Map.entry("security_unlock", "--security-unlock"),
            Map.entry("security_pass", "--security-set-pass"), Map.entry("security_disable", "--security-disable"),
            Map.entry("user-master", "--user-master"), Map.entry("security_mode", "--security-mode"), Map.entry("ROOTFS", ""));
    /** Options read with hdparm_eval_value: only off/0/on/1, anything else stops the script. */
    private static final Set<String> SWITCH_KEYS = Set.of("lookahead", "bus", "dma", "defect_mana", "read_only", "write_read_verify",
            "poweron_standby", "interrupt_unmask", "write_cache", "keep_settings_over_reset", "keep_features_over_reset");
    private static final Set<String> FLAG_WORDS = Set.of("quiet", "standby", "sleep", "disable_seagate", "security_freeze");
    private static final Map<String, Setting> SETTINGS = Map.of("write_cache", Setting.WRITE_CACHE, "apm", Setting.APM,
            "spindown_time", Setting.STANDBY, "force_spindown_time", Setting.STANDBY, "acoustic_management", Setting.ACOUSTIC,
            "io32_support", Setting.IO32, "mult_sect_io", Setting.MULTCOUNT, "dma", Setting.DMA, "read_ahead_sect", Setting.READ_AHEAD_KB);

    private HdparmConfParser() {
    }

    /**
     * The hdparm.conf key that gives {@code setting} in a device stanza ({@code spindown_time} for standby), or empty for
     * a setting hdparm.conf has no key of; the inverse of the mapping this parser reads with.
     */
    public static java.util.Optional<String> key(Setting setting) {
        return SETTINGS.entrySet().stream().filter(e -> e.getValue() == setting && !e.getKey().equals("force_spindown_time"))
                .map(Map.Entry::getKey).findFirst();
    }

    public static HdparmConf parse(byte[] bytes, String file) {
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        List<HdparmConf.Option> defaults = new ArrayList<>();
        List<HdparmConf.DeviceBlock> blocks = new ArrayList<>();
        List<HdparmConf.Option> ignored = new ArrayList<>();
        List<HdparmConf.Problem> problems = new ArrayList<>();
        String device = null;
        int blockLine = 0;
        boolean commandLine = false;
        boolean afterBlock = false;
        List<HdparmConf.Option> blockOptions = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            String text = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            String stripped = text.strip();
            if (stripped.isEmpty() || stripped.startsWith("#")) {
                continue;
            }
            String[] f = stripped.split("[ \\t]+", 3);
            String key = f[0];
            String sep = f.length > 1 ? f[1] : "";
            String value = f.length > 2 ? f[2].strip() : "";
            boolean inBlock = device != null || commandLine;
            if (sep.equals("{")) {
                if (inBlock) {
                    closeIfOpen(blocks, device, blockLine, 0, blockOptions);
                }
                blockOptions = new ArrayList<>();
                commandLine = key.equals("command_line");
                device = commandLine ? null : key;
                blockLine = n;
                if (commandLine) {
                    ignored.add(new HdparmConf.Option(n, key, null, null, null,
                            "command_line blocks are ignored since Debian's hdparm 9.39-1; give the device instead"));
                }
                continue;
            }
            if (sep.isEmpty() && key.equals("}")) {
                if (device != null) {
                    blocks.add(new HdparmConf.DeviceBlock(blockLine, n, device, blockOptions));
                } else if (!commandLine) {
                    problems.add(new HdparmConf.Problem(n, file + " line " + n + ": } closes no block; Debian's hdparm stops here "
                            + "(\"No disk enabled\"): remove it", true));
                }
                device = null;
                commandLine = false;
                afterBlock = true;
                blockOptions = new ArrayList<>();
                continue;
            }
            if (commandLine) {
                ignored.add(new HdparmConf.Option(n, key, stripped.substring(key.length()).strip(), null, null,
                        "inside a command_line block, which Debian's hdparm ignores"));
                continue;
            }
            HdparmConf.Option option;
            if (sep.equals("=")) {
                if (!VALUE_KEYS.containsKey(key)) {
                    problems.add(new HdparmConf.Problem(n, file + " line " + n + ": " + key + " is not an hdparm.conf option; Debian's "
                            + "hdparm stops here (\"Unknown option " + key + "\") and applies nothing after it" + hint(key), true));
                    continue;
                }
                if (SWITCH_KEYS.contains(key) && !Set.of("on", "off", "0", "1").contains(value)) {
                    problems.add(new HdparmConf.Problem(n, file + " line " + n + ": " + key + " = " + value + " is not on, off, 1 or 0; "
                            + "Debian's hdparm stops here (\"Unknown Value for " + VALUE_KEYS.get(key) + "\")", true));
                    continue;
                }
                option = option(n, key, value);
            } else if (sep.isEmpty() && FLAG_WORDS.contains(key)) {
                option = new HdparmConf.Option(n, key, null, null, null, null);
            } else {
                problems.add(new HdparmConf.Problem(n, file + " line " + n + ": \"" + stripped + "\" is not an hdparm.conf line; Debian's "
                        + "hdparm stops here and applies nothing after it: write KEY = VALUE inside a DEVICE { } block", true));
                continue;
            }
            if (device != null) {
                blockOptions.add(option);
            } else if (afterBlock) {
                ignored.add(new HdparmConf.Option(option.line(), option.key(), option.value(), option.setting(), option.settingValue(),
                        "outside any block after the first block: Debian's hdparm gives it to no disk; move it above the first block "
                                + "or into one"));
            } else {
                defaults.add(option);
            }
        }
        if (device != null) {
            problems.add(new HdparmConf.Problem(blockLine, file + " line " + blockLine + ": the block for " + device
                    + " is never closed; Debian's hdparm never applies it: add a line with }", false));
            blocks.add(new HdparmConf.DeviceBlock(blockLine, 0, device, blockOptions));
        }
        return new HdparmConf(file, defaults, blocks, ignored, problems);
    }

    private static void closeIfOpen(List<HdparmConf.DeviceBlock> blocks, String device, int line, int close, List<HdparmConf.Option> options) {
        if (device != null) {
            blocks.add(new HdparmConf.DeviceBlock(line, close, device, options));
        }
    }

    private static String hint(String key) {
        return switch (key.toLowerCase(java.util.Locale.ROOT)) {
            case "apm_level" -> " (the APM key is apm)";
            case "spindown", "standby_time" -> " (the standby key is spindown_time)";
            case "acoustic" -> " (the key is acoustic_management)";
            default -> "";
        };
    }

    private static HdparmConf.Option option(int line, String key, String value) {
        Setting setting = SETTINGS.get(key);
        if (setting == null) {
            String why = key.equals("apm_battery") ? "apm_battery applies on battery power only; disktune has no battery setting"
                    : key + " (hdparm " + VALUE_KEYS.get(key) + ") is not a disktune setting";
            return new HdparmConf.Option(line, key, value, null, null, why);
        }
        String written = value;
        String note = null;
        if (setting == Setting.READ_AHEAD_KB) {
            if (!value.matches("[0-9]{1,9}")) {
                return new HdparmConf.Option(line, key, value, setting, null, "read_ahead_sect " + value + " is not a number of sectors");
            }
            long sectors = Long.parseLong(value);
            written = Long.toString(sectors / 2);
            note = sectors % 2 == 0 ? "512-byte sectors: read_ahead_kb " + written
                    : "512-byte sectors: " + sectors / 2 + ".5 KiB, and read_ahead_kb takes whole KiB: " + written;
        } else if (key.equals("force_spindown_time")) {
            note = "force_spindown_time is spindown_time applied even when the drive does not report APM (Debian #758988)";
        }
        SettingSyntax.Outcome outcome = SettingSyntax.check(setting, written);
        if (outcome instanceof SettingSyntax.Outcome.Rejected rejected) {
            return new HdparmConf.Option(line, key, value, setting, null, rejected.message());
        }
        return new HdparmConf.Option(line, key, value, setting, ((SettingSyntax.Outcome.Accepted) outcome).value(), note);
    }
}
