package org.disktune.config;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.Spelling;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.OptionValidator;
import org.ini4j.Config;
import org.ini4j.spi.IniHandler;
import org.ini4j.spi.IniParser;

/**
 * Reads {@code disktune.conf} into a {@link DesiredState}, collecting every problem with its line.
 *
 * <p>ini4j does the INI reading; it does not tell line numbers, so the lines are scanned first: every
 * line that is blank, a comment or refused (a missing ']', a key outside any section, a control
 * character, an unsafe value) is handed to ini4j as an empty line, so that each section and option event
 * ini4j reports is the next kept line of the scan, which is checked (same name, same value) before its
 * line number is used.
 */
public final class ConfigParser {
    /*
     * The names and values below are checked by small character loops, not by java.util.regex: compiling the nine
     * patterns they replace cost about 6% of a warm verify at class initialisation (docs/performance.md). Each method's
     * comment gives the regex it equals; ConfigParserMatchersTest compares them on generated strings.
     */
    /** Characters no value may hold: shells, udev rules and fstab give them meaning ('#' would be a comment). */
    static final String METACHARACTERS = ";&|$`<>\"'\\#";
    private static final List<String> KINDS = List.of("module", "disk", "md", "mount");
    private static final List<String> DISK_MATCH_KEYS = List.of("match.wwn", "match.serial", "match.by-id", "match.model",
            "match.vendor", "match.transport", "match.rotational", "match.driver", "match.md", "match.name", "match.name.force");
    private static final String MD_UUID = "match.uuid";

    /** By line; List.sort is stable, so entries of one line keep their order. Classes, not lambdas (docs/performance.md). */
    private static final Comparator<Entry> ENTRY_BY_LINE = new Comparator<>() {
        @Override
        public int compare(Entry a, Entry b) {
            return Integer.compare(a.line(), b.line());
        }
    };
    private static final Comparator<ConfigProblem> PROBLEM_BY_LINE = new Comparator<>() {
        @Override
        public int compare(ConfigProblem a, ConfigProblem b) {
            return Integer.compare(a.line(), b.line());
        }
    };
    private static final Comparator<DiskMatch> MATCH_BY_LINE = new Comparator<>() {
        @Override
        public int compare(DiskMatch a, DiskMatch b) {
            return Integer.compare(a.line(), b.line());
        }
    };

    private final OptionValidator options;

    /** A parser that checks module options against the bundled driver catalogue. */
    public ConfigParser() {
        this(new OptionValidator(DriverCatalog.load()));
    }

    public ConfigParser(OptionValidator options) {
        this.options = options;
    }

    /** Parses the bytes of a configuration file; {@code file} is the name problems are reported with. */
    public ParsedConfig parse(byte[] content, String file) {
        return new Run(file).parse(content);
    }

    private enum Kind {
        MODULE, DISK, MD, MOUNT;

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private sealed interface Entry {
        int line();
    }

    private record Header(int line, String name) implements Entry {
    }

    private record Option(int line, String key, String value) implements Entry {
    }

    /** A KEY = VALUE line refused before ini4j saw it (reported already): it still counts as that key. */
    private record Refused(int line, String key) implements Entry {
    }

    private static final class Draft {
        final Kind kind;
        final String label;
        final int line;
        final boolean duplicate;
        final List<Option> options = new ArrayList<>();
        final List<Refused> refused = new ArrayList<>();

        Draft(Kind kind, String label, int line, boolean duplicate) {
            this.kind = kind;
            this.label = label;
            this.line = line;
            this.duplicate = duplicate;
        }

        String section() {
            return kind.word() + " " + label;
        }
    }

    /** One parse: its problems and its sections. */
    private final class Run {
        private final String file;
        private final List<ConfigProblem> errors = new ArrayList<>();
        private final List<ConfigProblem> warnings = new ArrayList<>();
        private final Map<String, Integer> sectionLines = new HashMap<>();
        private final List<ModuleSection> modules = new ArrayList<>();
        private final List<DiskRule> disks = new ArrayList<>();
        private final List<MdRule> arrays = new ArrayList<>();
        private final List<MountRule> mounts = new ArrayList<>();
        private final Map<String, Integer> uuidLines = new HashMap<>();
        private final List<Refused> refused = new ArrayList<>();

        Run(String file) {
            this.file = file;
        }

        ParsedConfig parse(byte[] content) {
            int control = ConfigLines.firstControlByte(content);
            if (control >= 0) {
                return notText(content, control);
            }
            List<ConfigLines.Line> lines = ConfigLines.scan(content);
            List<Entry> kept = new ArrayList<>();
            StringBuilder forIni = new StringBuilder();
            scan(lines, kept, forIni);
            List<Entry> confirmed = new ArrayList<>(readWithIni4j(forIni.toString(), kept));
            confirmed.addAll(refused);
            confirmed.sort(ENTRY_BY_LINE);
            Draft current = null;
            for (Entry e : confirmed) {
                if (e instanceof Header h) {
                    finish(current);
                    current = open(h);
                } else if (e instanceof Option o && current != null) {
                    current.options.add(o);
                } else if (e instanceof Refused r && current != null) {
                    current.refused.add(r);
                }
            }
            finish(current);
            errors.sort(PROBLEM_BY_LINE);
            warnings.sort(PROBLEM_BY_LINE);
            return new ParsedConfig(new DesiredState(file, modules, disks, arrays, mounts, warnings), errors);
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
            error(line, "column " + (offset - lineStart + 1) + " holds the control byte " + name + ", so this is not a text configuration (a damaged or binary file); write it again as text (man disktune.conf) "
                    + "or restore it from a backup");
            return new ParsedConfig(new DesiredState(file, List.of(), List.of(), List.of(), List.of(), List.of()), errors);
        }

        private void error(int line, String message) {
            errors.add(new ConfigProblem(file, line, message));
        }

        /** Classifies each line: kept lines go to ini4j as they are, all others as empty lines. */
        private void scan(List<ConfigLines.Line> lines, List<Entry> kept, StringBuilder forIni) {
            boolean inSection = false;
            boolean inBrokenSection = false;
            for (ConfigLines.Line line : lines) {
                String text = line.text().trim();
                String keep = lineToKeep(line, text, inSection, inBrokenSection, kept);
                if (text.startsWith("[") && !text.isEmpty()) {
                    inBrokenSection = keep == null;
                    inSection = true;
                }
                forIni.append(keep == null ? "" : keep).append('\n');
            }
        }

        private String lineToKeep(ConfigLines.Line line, String text, boolean inSection, boolean inBrokenSection, List<Entry> kept) {
            int n = line.number();
            if (text.isEmpty() || text.startsWith("#") || text.startsWith(";")) {
                return null;
            }
            if (!line.validUtf8()) {
                error(n, "the line is not valid UTF-8; save the file as UTF-8");
                refuseKey(n, text, inSection && !inBrokenSection);
                return null;
            }
            // the untrimmed line: String.trim() also strips control characters, which must not slip through at a line's ends
            for (int i = 0; i < line.text().length(); i++) {
                char c = line.text().charAt(i);
                if ((Character.isISOControl(c) && c != '\t') || c == '\\') {
                    error(n, "the line contains " + describe(c) + "; remove it (" + (c == '\r'
                            ? "lines end with LF or CR LF)" : c == '\\' ? "disktune.conf has no escapes)" : "only printable text is allowed)"));
                    refuseKey(n, text, inSection && !inBrokenSection);
                    return null;
                }
            }
            if (text.startsWith("[")) {
                if (!text.endsWith("]")) {
                    error(n, "section header " + text + " lacks its closing ']'; write " + text + "]");
                    return null;
                }
                if (text.substring(1, text.length() - 1).trim().isEmpty()) {
                    error(n, "empty section header []; write [module NAME], [disk LABEL], [md NAME] or [mount PATH]");
                    return null;
                }
                kept.add(new Header(n, text.substring(1, text.length() - 1).trim()));
                return text;
            }
            int eq = text.indexOf('=');
            if (eq < 0) {
                error(n, "'" + text + "' is neither a [section] header nor KEY = VALUE; comments are whole lines starting with # or ;");
                return null;
            }
            String key = text.substring(0, eq).trim();
            String value = text.substring(eq + 1).trim();
            if (key.isEmpty()) {
                error(n, "the line has no key before '='; write KEY = VALUE");
                return null;
            }
            if (inBrokenSection) {
                return null;
            }
            if (!inSection) {
                error(n, "key " + key + " is outside any section; put it under a [module NAME], [disk LABEL], [md NAME] or [mount PATH] header");
                return null;
            }
            if (key.indexOf(':') >= 0) {
                // ini4j also splits at ':', so it would read another key than this scan; no disktune key has one
                error(n, "key " + key + " contains ':'; keys are names such as read_ahead_kb or match.model (KEY = VALUE)");
                refused.add(new Refused(n, key));
                return null;
            }
            String unsafe = unsafeCharacter(value);
            if (unsafe != null) {
                error(n, "the value of " + key + " contains " + unsafe);
                refused.add(new Refused(n, key));
                return null;
            }
            kept.add(new Option(n, key, value));
            return text;
        }

        private void refuseKey(int n, String text, boolean inSection) {
            int eq = text.indexOf('=');
            if (inSection && !text.startsWith("[") && eq > 0) {
                refused.add(new Refused(n, text.substring(0, eq).trim()));
            }
        }

        /** Runs ini4j over the kept lines and pairs each of its events with the scanned line it stands for. */
        /** ini4j's IniParser with disktune's configuration (setConfig is protected: IniParser.newInstance's way). */
        private static final class Ini4jParser extends IniParser {
            Ini4jParser(org.ini4j.Config config) {
                setConfig(config);
            }
        }

        private List<Entry> readWithIni4j(String text, List<Entry> kept) {
            List<Entry> confirmed = new ArrayList<>();
            Iterator<Entry> expected = kept.iterator();
            IniHandler handler = new IniHandler() {
                @Override
                public void startIni() {
                }

                @Override
                public void endIni() {
                }

                @Override
                public void startSection(String name) {
                    Entry next = expected.hasNext() ? expected.next() : null;
                    if (!(next instanceof Header h) || !h.name().equals(name)) {
                        throw new IllegalStateException("ini4j reported section [" + name + "] where the scan expected " + next);
                    }
                    confirmed.add(h);
                }

                @Override
                public void endSection() {
                }

                @Override
                public void handleComment(String comment) {
                }

                @Override
                public void handleOption(String name, String value) {
                    String v = value == null ? "" : value;
                    Entry next = expected.hasNext() ? expected.next() : null;
                    if (!(next instanceof Option o) || !o.key().equals(name) || !o.value().equals(v)) {
                        throw new IllegalStateException("ini4j reported option " + name + " = " + v + " where the scan expected " + next);
                    }
                    confirmed.add(o);
                }
            };
            try {
                // ini4j's own parser, made directly: IniParser.newInstance looks for a replacement in the class path's
                // META-INF/services, which opens and indexes the whole jar (docs/performance.md)
                new Ini4jParser(ini4jConfig()).parse(new StringReader(text), handler);
            } catch (IOException e) {
                // ini4j reports a malformed line it was not meant to see as InvalidFileFormatException
                error(0, "cannot read the file as INI: " + e.getMessage() + "; run disktune config check");
            }
            if (expected.hasNext()) {
                throw new IllegalStateException("ini4j did not report " + expected.next());
            }
            return confirmed;
        }

        private Draft open(Header h) {
            String name = h.name();
            int space = indexOfWhitespace(name);
            String word = space < 0 ? name : name.substring(0, space);
            String label = space < 0 ? "" : name.substring(space).trim();
            Kind k = null;
            for (Kind candidate : Kind.values()) {
                if (candidate.word().equals(word)) {
                    k = candidate;
                    break;
                }
            }
            if (k == null) {
                String rest = label.isEmpty() ? "" : " " + label;
                error(h.line(), Spelling.closest(word.toLowerCase(Locale.ROOT), KINDS)
                        .map(kind -> "unknown section [" + name + "]; did you mean [" + kind + rest + "]?")
                        .orElse("unknown section [" + name + "]; sections are [module NAME], [disk LABEL], [md NAME] and [mount PATH]"));
                return null;
            }
            if (label.isEmpty()) {
                error(h.line(), "[" + name + "] needs a name: write " + switch (k) {
                    case MODULE -> "[module NAME], e.g. [module sata_nv]";
                    case DISK -> "[disk LABEL], e.g. [disk raptors]";
                    case MD -> "[md NAME], e.g. [md md0]";
                    case MOUNT -> "[mount PATH], e.g. [mount /home]";
                });
                return null;
            }
            String problem = switch (k) {
                case MODULE -> isModuleName(label) ? null
                        : "[module " + label + "] is not a module name; use lower-case letters, digits and _ as lsmod shows it";
                case DISK, MD -> isLabel(label) && !label.contains("..") ? null
                        : "[" + k.word() + " " + label + "] is not a valid " + (k == Kind.DISK ? "label" : "name")
                                + "; use letters, digits and _ . : - (starting with a letter or digit, no '..')";
                case MOUNT -> mountPointProblem(label);
            };
            if (problem != null) {
                error(h.line(), problem);
                return null;
            }
            if (k == Kind.MODULE) {
                label = label.replace('-', '_');
            }
            String id = k.word() + " " + label;
            Integer first = sectionLines.putIfAbsent(id, h.line());
            if (first != null) {
                error(h.line(), "duplicate section [" + id + "] at lines " + first + " and " + h.line() + "; merge them into one");
            }
            return new Draft(k, label, h.line(), first != null);
        }

        private void finish(Draft d) {
            if (d == null) {
                return;
            }
            List<Option> unique = new ArrayList<>();
            Map<String, Integer> keyLines = new LinkedHashMap<>();
            for (Refused r : d.refused) {
                keyLines.putIfAbsent(d.kind == Kind.MODULE ? r.key().replace('-', '_') : r.key(), r.line());
            }
            for (Option o : d.options) {
                String key = d.kind == Kind.MODULE ? o.key().replace('-', '_') : o.key();
                Integer first = keyLines.putIfAbsent(key, o.line());
                if (first != null) {
                    error(o.line(), "duplicate key " + o.key() + " in [" + d.section() + "] at lines " + first + " and " + o.line() + "; keep one");
                } else if (o.value().isEmpty()) {
                    error(o.line(), o.key() + " in [" + d.section() + "] has no value; write " + o.key() + " = VALUE");
                } else {
                    unique.add(o);
                }
            }
            switch (d.kind) {
                case MODULE -> finishModule(d, unique);
                case DISK -> finishDisk(d, unique, keyLines.containsKey("match.name.force") && !keyLines.containsKey("match.name"),
                        refusedMatchKey(d));
                case MD -> finishMd(d, unique);
                case MOUNT -> finishMount(d, unique);
            }
        }

        /** Whether a refused line of the section was one of its match.* keys. */
        private boolean refusedMatchKey(Draft d) {
            for (Refused r : d.refused) {
                if (DISK_MATCH_KEYS.contains(r.key())) {
                    return true;
                }
            }
            return false;
        }

        private void finishModule(Draft d, List<Option> opts) {
            List<ModuleParameter> parameters = new ArrayList<>();
            for (Option o : opts) {
                if (!isParameterName(o.key())) {
                    error(o.line(), "'" + o.key() + "' in [" + d.section() + "] is not a module parameter name; use lower-case letters, digits and _");
                    continue;
                }
                try {
                    OptionValidator.CheckedOption checked = options.check(d.label, o.key(), o.value());
                    parameters.add(new ModuleParameter(checked.parameter(), checked.value(), o.line()));
                } catch (DisktuneException e) {
                    error(o.line(), e.getMessage());
                }
            }
            if (!d.duplicate) {
                modules.add(new ModuleSection(d.label, d.line, parameters));
            }
        }

        private void finishDisk(Draft d, List<Option> opts, boolean forceWithoutName, boolean refusedMatchKey) {
            List<DiskMatch> matches = new ArrayList<>();
            List<SettingValue> settings = new ArrayList<>();
            boolean forced = false;
            int nameLine = -1;
            Glob nameGlob = null;
            boolean sawMatchKey = refusedMatchKey;
            for (Option o : opts) {
                String key = o.key();
                String v = o.value();
                int n = o.line();
                if (key.startsWith("match.") && DISK_MATCH_KEYS.contains(key)) {
                    sawMatchKey = true;
                }
                switch (key) {
                    case "match.wwn" -> accept(matches, isWwn(v) ? new DiskMatch.Wwn(v, n) : null, n,
                            "match.wwn = " + v + " is not a WWN; write it as detect shows it, e.g. 0x50014ee0ae3c8e2f");
                    case "match.serial" -> matches.add(new DiskMatch.Serial(v, n));
                    case "match.by-id" -> {
                        String id = v.startsWith("/dev/disk/by-id/") ? v.substring("/dev/disk/by-id/".length()) : v;
                        accept(matches, isById(id) && !id.contains("..") ? new DiskMatch.ById(v, n) : null, n,
                                "match.by-id = " + v + " is not a name in /dev/disk/by-id; write e.g. ata-WDC_WD1500ADFD-00NLR1_WD-WMAP41173675");
                    }
                    case "match.model" -> glob(key, v, n).ifPresent(g -> matches.add(new DiskMatch.Model(g, n)));
                    case "match.vendor" -> glob(key, v, n).ifPresent(g -> matches.add(new DiskMatch.Vendor(g, n)));
                    case "match.transport" -> {
                        Optional<Transport> transport = Transport.parse(v);
                        if (transport.isPresent()) {
                            matches.add(new DiskMatch.OfTransport(transport.get(), n));
                        } else {
                            error(n, "match.transport = " + v + " is not a transport; use one of "
                                    + String.join(", ", Transport.matchables().stream().map(Transport::label).toList()));
                        }
                    }
                    case "match.rotational" -> accept(matches, v.equals("1") || v.equals("0") ? new DiskMatch.Rotational(v.equals("1"), n) : null, n,
                            "match.rotational = " + v + " is not accepted; use 1 (spinning) or 0 (solid state)");
                    case "match.driver" -> accept(matches, isDriver(v) ? new DiskMatch.Driver(v, n) : null, n,
                            "match.driver = " + v + " is not a driver name; write it as detect shows it, e.g. sata_nv or ahci");
                    case "match.md" -> accept(matches, isLabel(v) && !v.contains("..") ? new DiskMatch.MemberOf(v, n) : null, n,
                            "match.md = " + v + " is not an md array name; write its kernel name, e.g. md0");
                    case "match.name" -> {
                        if (isNameGlob(v) && !v.contains("..")) {
                            nameGlob = glob(key, v, n).orElse(null);
                            nameLine = n;
                        } else {
                            error(n, "match.name = " + v + " is not a kernel name glob; use letters, digits and _ . : - with * ? [ ] (no '/')");
                        }
                    }
                    case "match.name.force" -> {
                        Boolean b = SettingSyntax.parseSwitch(v);
                        if (b == null) {
                            error(n, "match.name.force = " + v + " is not a switch; use yes or no");
                        } else if (forceWithoutName) {
                            error(n, "match.name.force without match.name in [" + d.section() + "]; add match.name = GLOB or remove it");
                        } else {
                            forced = b;
                        }
                    }
                    default -> setting(d, SettingScope.DISK, o, settings);
                }
            }
            if (nameGlob != null) {
                matches.add(new DiskMatch.Name(nameGlob, forced, nameLine));
            }
            if (!sawMatchKey) {
                error(d.line, "[" + d.section() + "] has no match.* key, so it would match no disk; add one such as match.model = GLOB or match.wwn = WWN");
            }
            matches.sort(MATCH_BY_LINE);
            if (!d.duplicate) {
                disks.add(new DiskRule(d.label, d.line, matches, settings));
            }
        }

        /** The value of a glob key, or empty after an error naming its mistake (a backwards range matches nothing). */
        private Optional<Glob> glob(String key, String value, int line) {
            Glob glob = new Glob(value);
            Optional<String> mistake = glob.mistake();
            mistake.ifPresent(m -> error(line, key + " = " + value + ": " + m));
            return mistake.isPresent() ? Optional.empty() : Optional.of(glob);
        }

        private void accept(List<DiskMatch> matches, DiskMatch match, int line, String problem) {
            if (match == null) {
                error(line, problem);
            } else {
                matches.add(match);
            }
        }

        private void finishMd(Draft d, List<Option> opts) {
            List<SettingValue> settings = new ArrayList<>();
            String uuid = null;
            for (Option o : opts) {
                if (o.key().equals(MD_UUID)) {
                    if (isUuid(o.value())) {
                        uuid = o.value().replace(":", "").replace("-", "").toLowerCase(Locale.ROOT);
                        Integer first = uuidLines.putIfAbsent(uuid, o.line());
                        if (first != null) {
                            error(o.line(), "match.uuid = " + o.value() + " names the same array as line " + first + "; merge the two [md] sections");
                        }
                    } else {
                        error(o.line(), "match.uuid = " + o.value() + " is not an md array UUID; write it as mdadm --detail shows it, "
                                + "e.g. 3b1a5c2e:8f0d4a71:c2e95b60:1d7f3a48");
                    }
                } else {
                    setting(d, SettingScope.MD, o, settings);
                }
            }
            boolean uuidGiven = false;
            for (Option o : opts) {
                if (o.key().equals(MD_UUID)) {
                    uuidGiven = true;
                }
            }
            if (!uuidGiven && !isKernelMd(d.label)) {
                error(d.line, "[" + d.section() + "] is not a kernel array name such as md0 or md127; use that name or add match.uuid = UUID");
            }
            if (!d.duplicate) {
                arrays.add(new MdRule(d.label, uuid, d.line, settings));
            }
        }

        private void finishMount(Draft d, List<Option> opts) {
            List<SettingValue> settings = new ArrayList<>();
            for (Option o : opts) {
                setting(d, SettingScope.MOUNT, o, settings);
            }
            if (!d.duplicate) {
                mounts.add(new MountRule(d.label, d.line, settings));
            }
        }

        /** A setting key of a [disk], [md] or [mount] section: known here, known elsewhere, or misspelt. */
        private void setting(Draft d, SettingScope scope, Option o, List<SettingValue> into) {
            Optional<Setting> setting = Setting.find(scope, o.key());
            if (setting.isEmpty()) {
                error(o.line(), unknownKey(d, scope, o.key()));
                return;
            }
            SettingSyntax.Outcome outcome = SettingSyntax.check(setting.get(), o.value());
            if (outcome instanceof SettingSyntax.Outcome.Accepted a) {
                into.add(new SettingValue(setting.get(), a.value(), o.value(), d.section(), o.line()));
                if (a.warning() != null) {
                    warnings.add(new ConfigProblem(file, o.line(), a.warning()));
                }
            } else if (outcome instanceof SettingSyntax.Outcome.Rejected r) {
                error(o.line(), r.message());
            }
        }

        private String unknownKey(Draft d, SettingScope scope, String key) {
            String here = "[" + d.section() + "]";
            for (SettingScope other : SettingScope.values()) {
                if (other != scope && Setting.find(other, key).isPresent()) {
                    return key + " belongs in " + sectionOf(other) + " section, not in " + here;
                }
            }
            if (key.equals(MD_UUID)) {
                return "match.uuid belongs in an [md NAME] section, not in " + here;
            }
            if (DISK_MATCH_KEYS.contains(key)) {
                return key + " belongs in a [disk LABEL] section, not in " + here;
            }
            List<String> known = new ArrayList<>(Setting.of(scope).stream().map(Setting::key).toList());
            if (scope == SettingScope.DISK) {
                known.addAll(DISK_MATCH_KEYS);
            } else if (scope == SettingScope.MD) {
                known.add(MD_UUID);
            }
            return Spelling.closest(key, known).map(k -> "unknown key " + key + " in " + here + "; did you mean " + k + "?")
                    .orElse("unknown key " + key + " in " + here + "; known keys: " + String.join(", ", known));
        }
    }

    /** {@code [A-Za-z0-9][A-Za-z0-9_.:-]*}: a [disk] label, an [md] name, a match.md value. */
    static boolean isLabel(String s) {
        return !s.isEmpty() && isAsciiLetterOrDigit(s.charAt(0)) && allOf(s, "_.:-");
    }

    /** {@code [a-z0-9_-]+}: a [module] name. */
    static boolean isModuleName(String s) {
        return !s.isEmpty() && allLowerCase(s, "_-");
    }

    /** {@code [a-z0-9_]+}: a module parameter name. */
    static boolean isParameterName(String s) {
        return !s.isEmpty() && allLowerCase(s, "_");
    }

    /** {@code md[0-9]+}: a kernel md array name. */
    static boolean isKernelMd(String s) {
        if (s.length() < 3 || !s.startsWith("md")) {
            return false;
        }
        for (int i = 2; i < s.length(); i++) {
            if (!isAsciiDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** {@code [A-Za-z0-9_.:*?!\[\]-]+}: a match.name glob. */
    static boolean isNameGlob(String s) {
        return !s.isEmpty() && allOf(s, "_.:*?![]-");
    }

    /** {@code [A-Za-z0-9_-]+}: a match.driver value. */
    static boolean isDriver(String s) {
        return !s.isEmpty() && allOf(s, "_-");
    }

    /** {@code [A-Za-z0-9.:_-]+}: a match.wwn value. */
    static boolean isWwn(String s) {
        return !s.isEmpty() && allOf(s, ".:_-");
    }

    /** {@code [A-Za-z0-9_.:+@-]+}: a name in /dev/disk/by-id. */
    static boolean isById(String s) {
        return !s.isEmpty() && allOf(s, "_.:+@-");
    }

    /**
     * {@code [0-9a-fA-F]{8}(:[0-9a-fA-F]{8}){3}|[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|[0-9a-fA-F]{32}}: an md
     * array UUID as mdadm shows it, as a UUID, or bare. In the templates 'x' stands for a hexadecimal digit.
     */
    static boolean isUuid(String s) {
        return fits(s, "xxxxxxxx:xxxxxxxx:xxxxxxxx:xxxxxxxx") || fits(s, "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")
                || fits(s, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    }

    private static boolean fits(String s, String template) {
        if (s.length() != template.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char t = template.charAt(i);
            boolean ok = t == 'x' ? isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') : c == t;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Every character an ASCII letter, an ASCII digit or one of {@code others}. */
    private static boolean allOf(String s, String others) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isAsciiLetterOrDigit(c) && others.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Every character a lower-case ASCII letter, an ASCII digit or one of {@code others}. */
    private static boolean allLowerCase(String s, String others) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'a' && c <= 'z') && !isAsciiDigit(c) && others.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isAsciiDigit(c);
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String sectionOf(SettingScope scope) {
        return switch (scope) {
            case DISK -> "a [disk LABEL]";
            case MD -> "an [md NAME]";
            case MOUNT -> "a [mount PATH]";
        };
    }

    private static int indexOfWhitespace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Why a [mount PATH] is refused, or null. */
    static String mountPointProblem(String path) {
        String unsafe = unsafeCharacter(path);
        if (unsafe != null) {
            return "the mount point " + path + " contains " + unsafe;
        }
        boolean normalized = path.startsWith("/") && (path.equals("/") || !path.endsWith("/")) && !path.contains("//")
                && !path.contains("/./") && !path.contains("/../") && !path.endsWith("/.") && !path.endsWith("/..");
        return normalized ? null : "[mount " + path + "] is not an absolute, normalized path; write it as findmnt shows it, e.g. [mount /home]";
    }

    /** What makes a value unsafe ("';', which shells ... treat specially; remove it"), or null when it is safe. */
    static String unsafeCharacter(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '#') {
                return "'#'; comments are whole lines starting with # or ; (nothing may follow a value)";
            }
            if (Character.isISOControl(c) || c == '\uFFFD') {
                return describe(c) + "; remove it";
            }
            if (METACHARACTERS.indexOf(c) >= 0) {
                return describe(c) + ", which shells, udev rules and fstab treat specially; remove it";
            }
        }
        return null;
    }

    static String describe(char c) {
        return switch (c) {
            case '\t' -> "a tab";
            case '\n' -> "a newline";
            case '\r' -> "a carriage return";
            case '\0' -> "a NUL character";
            case '`' -> "a backtick";
            case '\\' -> "a backslash '\\'";
            case '"' -> "a double quote";
            case '\'' -> "a single quote";
            case '\uFFFD' -> "bytes that are not UTF-8";
            default -> Character.isISOControl(c) ? String.format("the control character U+%04X", (int) c) : "'" + c + "'";
        };
    }

    private static Config ini4jConfig() {
        Config config = new Config();
        config.setEscape(false);
        config.setEscapeNewline(false);
        config.setStrictOperator(true);
        config.setEmptyOption(true);
        config.setEmptySection(true);
        config.setGlobalSection(false);
        config.setMultiSection(true);
        config.setMultiOption(true);
        config.setInclude(false);
        config.setLowerCaseOption(false);
        config.setLowerCaseSection(false);
        config.setComment(false);
        config.setTree(false);
        return config;
    }
}
