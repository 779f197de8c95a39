package org.disktune.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.disktune.core.DisktuneException;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.OptionValidator;

/**
 * Reads {@code disktune.conf} into a {@link DesiredState}, collecting every problem with its line. ini4j reads the
 * sections, keys and values ({@link Ini4jReader}); the line scan before it ({@link IniLineScan}, whose comment says
 * how the two divide the work) only decides which lines ini4j may read and gives each of ini4j's events its line.
 * This class turns what ini4j read into sections: one per header, one value per key, each checked.
 */
public final class ConfigParser {
    private final OptionValidator options;

    /** A parser that checks module options as far as the bundled driver catalogue can before the kernel is known. */
    public ConfigParser() {
        this(OptionValidator.beforeKernel(DriverCatalog.load()));
    }

    public ConfigParser(OptionValidator options) {
        this.options = options;
    }

    /** Parses the bytes of a configuration file; {@code file} is the name problems are reported with. */
    public ParsedConfig parse(byte[] content, String file) {
        return new Run(file).parse(content);
    }

    /** One parse: its problems and its sections. */
    private final class Run {
        private final ConfigProblems problems;
        private final SettingReader settings;
        private final DiskSectionReader diskReader;
        private final Map<String, Integer> sectionLines = new HashMap<>();
        private final Map<String, Integer> uuidLines = new HashMap<>();
        private final List<ModuleSection> modules = new ArrayList<>();
        private final List<DiskRule> disks = new ArrayList<>();
        private final List<MdRule> arrays = new ArrayList<>();
        private final List<MountRule> mounts = new ArrayList<>();

        Run(String file) {
            this.problems = new ConfigProblems(file);
            this.settings = new SettingReader(problems);
            this.diskReader = new DiskSectionReader(problems, settings);
        }

        ParsedConfig parse(byte[] content) {
            int control = ConfigLines.firstControlByte(content);
            if (control >= 0) {
                return notText(content, control);
            }
            IniLineScan.Result scan = IniLineScan.scan(ConfigLines.scan(content), problems);
            List<IniEntry> entries = new ArrayList<>(Ini4jReader.read(scan, problems));
            entries.addAll(scan.refused());
            entries.sort(Comparator.comparingInt(IniEntry::line));
            SectionDraft current = null;
            for (IniEntry e : entries) {
                if (e instanceof IniEntry.Header h) {
                    finish(current);
                    current = SectionDraft.open(h, problems, sectionLines);
                } else if (e instanceof IniEntry.Option o && current != null) {
                    current.options.add(o);
                } else if (e instanceof IniEntry.Refused r && current != null) {
                    current.refused.add(r);
                }
            }
            finish(current);
            return new ParsedConfig(new DesiredState(problems.file(), modules, disks, arrays, mounts, problems.warnings()),
                    problems.errors());
        }

        /**
         * A file with a control byte (NULs of a truncated write, a binary file) is no configuration at all: one error at
         * the first such byte, and no section read from it.
         */
        private ParsedConfig notText(byte[] content, int offset) {
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < offset; i++) {
                if (content[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            int b = content[offset] & 0xFF;
            String name = b == 0 ? "NUL (0x00)" : String.format("0x%02X", b);
            problems.error(line, "column " + (offset - lineStart + 1) + " holds the control byte " + name
                    + ", so this is not a text configuration (a damaged or binary file); write it again as text (man disktune.conf) "
                    + "or restore it from a backup");
            return new ParsedConfig(new DesiredState(problems.file(), List.of(), List.of(), List.of(), List.of(), List.of()),
                    problems.errors());
        }

        /** Reads a section's options: one value per key (a duplicate or an empty value reported), then by kind. */
        private void finish(SectionDraft d) {
            if (d == null) {
                return;
            }
            List<IniEntry.Option> unique = new ArrayList<>();
            Map<String, Integer> keyLines = new LinkedHashMap<>();
            d.refused.forEach(r -> keyLines.putIfAbsent(d.keyName(r.key()), r.line()));
            for (IniEntry.Option o : d.options) {
                Integer first = keyLines.putIfAbsent(d.keyName(o.key()), o.line());
                if (first != null) {
                    problems.error(o.line(), "duplicate key " + o.key() + " in [" + d.section() + "] at lines " + first + " and " + o.line() + "; keep one");
                } else if (o.value().isEmpty()) {
                    problems.error(o.line(), o.key() + " in [" + d.section() + "] has no value; write " + o.key() + " = VALUE");
                } else {
                    unique.add(o);
                }
            }
            switch (d.kind) {
                case MODULE -> finishModule(d, unique);
                case DISK -> {
                    DiskRule rule = diskReader.read(d, unique, keyLines.containsKey("match.name.force") && !keyLines.containsKey("match.name"));
                    if (rule != null) {
                        disks.add(rule);
                    }
                }
                case MD -> finishMd(d, unique);
                case MOUNT -> finishMount(d, unique);
            }
        }

        private void finishModule(SectionDraft d, List<IniEntry.Option> opts) {
            List<ModuleParameter> parameters = new ArrayList<>();
            ModuleSection.Via via = ModuleSection.Via.AUTO;
            for (IniEntry.Option o : opts) {
                if (o.key().equals(ModuleSection.VIA_KEY)) {
                    switch (o.value()) {
                        case "auto" -> via = ModuleSection.Via.AUTO;
                        case "cmdline" -> via = ModuleSection.Via.CMDLINE;
                        default -> problems.error(o.line(), "via = " + o.value() + " in [" + d.section() + "] is not a route; write via = cmdline "
                                + "(the kernel command line) or via = auto (modprobe.d unless the module is built in)");
                    }
                    continue;
                }
                if (!ConfigNames.isParameterName(o.key())) {
                    problems.error(o.line(), "'" + o.key() + "' in [" + d.section() + "] is not a module parameter name; use lower-case letters, digits and _");
                    continue;
                }
                try {
                    OptionValidator.CheckedOption checked = options.check(d.label, o.key(), o.value());
                    parameters.add(new ModuleParameter(checked.parameter(), checked.value(), o.line()));
                } catch (DisktuneException e) {
                    problems.error(o.line(), e.getMessage());
                }
            }
            if (!d.duplicate) {
                modules.add(new ModuleSection(d.label, d.line, parameters, via));
            }
        }

        private void finishMd(SectionDraft d, List<IniEntry.Option> opts) {
            List<SettingValue> values = new ArrayList<>();
            String uuid = null;
            for (IniEntry.Option o : opts) {
                if (!o.key().equals(SettingReader.MD_UUID)) {
                    settings.read(d, SettingScope.MD, o, values);
                } else if (ConfigNames.isUuid(o.value())) {
                    uuid = o.value().replace(":", "").replace("-", "").toLowerCase(Locale.ROOT);
                    Integer first = uuidLines.putIfAbsent(uuid, o.line());
                    if (first != null) {
                        problems.error(o.line(), "match.uuid = " + o.value() + " names the same array as line " + first + "; merge the two [md] sections");
                    }
                } else {
                    problems.error(o.line(), "match.uuid = " + o.value() + " is not an md array UUID; write it as mdadm --detail shows it, "
                            + "e.g. 3b1a5c2e:8f0d4a71:c2e95b60:1d7f3a48");
                }
            }
            boolean uuidGiven = opts.stream().anyMatch(o -> o.key().equals(SettingReader.MD_UUID));
            if (!uuidGiven && !ConfigNames.isKernelMd(d.label)) {
                problems.error(d.line, "[" + d.section() + "] is not a kernel array name such as md0 or md127; use that name or add match.uuid = UUID");
            }
            if (!d.duplicate) {
                arrays.add(new MdRule(d.label, uuid, d.line, values));
            }
        }

        private void finishMount(SectionDraft d, List<IniEntry.Option> opts) {
            List<SettingValue> values = new ArrayList<>();
            opts.forEach(o -> settings.read(d, SettingScope.MOUNT, o, values));
            if (!d.duplicate) {
                mounts.add(new MountRule(d.label, d.line, values));
            }
        }
    }
}
