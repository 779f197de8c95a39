package org.disktune.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Reads a [disk LABEL] section: its match.* keys into {@link DiskMatch}es, every other key as a setting. */
final class DiskSectionReader {
    static final List<String> MATCH_KEYS = List.of("match.wwn", "match.serial", "match.by-id", "match.model",
            "match.vendor", "match.transport", "match.rotational", "match.driver", "match.md", "match.name", "match.name.force");
    private static final String BY_ID = "/dev/disk/by-id/";

    private final ConfigProblems problems;
    private final SettingReader settings;

    DiskSectionReader(ConfigProblems problems, SettingReader settings) {
        this.problems = problems;
        this.settings = settings;
    }

    /** The rule of section {@code d}, whose keys are {@code opts} (one per key); null for a duplicate section. */
    DiskRule read(SectionDraft d, List<IniEntry.Option> opts, boolean forceWithoutName) {
        List<DiskMatch> matches = new ArrayList<>();
        List<SettingValue> values = new ArrayList<>();
        boolean forced = false;
        int nameLine = -1;
        Glob nameGlob = null;
        boolean sawMatchKey = d.refused.stream().anyMatch(r -> MATCH_KEYS.contains(r.key()));
        for (IniEntry.Option o : opts) {
            String key = o.key();
            String v = o.value();
            int n = o.line();
            sawMatchKey |= MATCH_KEYS.contains(key);
            switch (key) {
                case "match.wwn" -> accept(matches, ConfigNames.isWwn(v) ? new DiskMatch.Wwn(v, n) : null, n,
                        "match.wwn = " + v + " is not a WWN; write it as detect shows it, e.g. 0x50014ee0ae3c8e2f");
                case "match.serial" -> matches.add(new DiskMatch.Serial(v, n));
                case "match.by-id" -> {
                    String id = v.startsWith(BY_ID) ? v.substring(BY_ID.length()) : v;
                    accept(matches, ConfigNames.isById(id) && !id.contains("..") ? new DiskMatch.ById(v, n) : null, n,
                            "match.by-id = " + v + " is not a name in /dev/disk/by-id; write e.g. ata-WDC_WD1500ADFD-00NLR1_WD-WMAP41173675");
                }
                case "match.model" -> glob(key, v, n).ifPresent(g -> matches.add(new DiskMatch.Model(g, n)));
                case "match.vendor" -> glob(key, v, n).ifPresent(g -> matches.add(new DiskMatch.Vendor(g, n)));
                case "match.transport" -> accept(matches, Transport.parse(v).map(t -> new DiskMatch.OfTransport(t, n)).orElse(null), n,
                        "match.transport = " + v + " is not a transport; use one of "
                                + String.join(", ", Transport.matchables().stream().map(Transport::label).toList()));
                case "match.rotational" -> accept(matches, v.equals("1") || v.equals("0") ? new DiskMatch.Rotational(v.equals("1"), n) : null, n,
                        "match.rotational = " + v + " is not accepted; use 1 (spinning) or 0 (solid state)");
                case "match.driver" -> accept(matches, ConfigNames.isDriver(v) ? new DiskMatch.Driver(v, n) : null, n,
                        "match.driver = " + v + " is not a driver name; write it as detect shows it, e.g. sata_nv or ahci");
                case "match.md" -> accept(matches, ConfigNames.isLabel(v) && !v.contains("..") ? new DiskMatch.MemberOf(v, n) : null, n,
                        "match.md = " + v + " is not an md array name; write its kernel name, e.g. md0");
                case "match.name" -> {
                    if (ConfigNames.isNameGlob(v) && !v.contains("..")) {
                        nameGlob = glob(key, v, n).orElse(null);
                        nameLine = n;
                    } else {
                        problems.error(n, "match.name = " + v + " is not a kernel name glob; use letters, digits and _ . : - with * ? [ ] (no '/')");
                    }
                }
                case "match.name.force" -> {
                    Boolean b = SettingSyntax.parseSwitch(v);
                    if (b == null) {
                        problems.error(n, "match.name.force = " + v + " is not a switch; use yes or no");
                    } else if (forceWithoutName) {
                        problems.error(n, "match.name.force without match.name in [" + d.section() + "]; add match.name = GLOB or remove it");
                    } else {
                        forced = b;
                    }
                }
                default -> settings.read(d, SettingScope.DISK, o, values);
            }
        }
        if (nameGlob != null) {
            matches.add(new DiskMatch.Name(nameGlob, forced, nameLine));
        }
        if (!sawMatchKey) {
            problems.error(d.line, "[" + d.section() + "] has no match.* key, so it would match no disk; add one such as match.model = GLOB or match.wwn = WWN");
        }
        matches.sort(Comparator.comparingInt(DiskMatch::line));
        return d.duplicate ? null : new DiskRule(d.label, d.line, matches, values);
    }

    /** The value of a glob key, or empty after an error naming its mistake (a backwards range matches nothing). */
    private Optional<Glob> glob(String key, String value, int line) {
        Glob glob = new Glob(value);
        Optional<String> mistake = glob.mistake();
        mistake.ifPresent(m -> problems.error(line, key + " = " + value + ": " + m));
        return mistake.isPresent() ? Optional.empty() : Optional.of(glob);
    }

    private void accept(List<DiskMatch> matches, DiskMatch match, int line, String problem) {
        if (match == null) {
            problems.error(line, problem);
        } else {
            matches.add(match);
        }
    }
}
