package org.disktune.modprobe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The driver knowledge in {@link DriverTable} ({@code drivers.tsv} as text): modules, their parameters, types,
 * PCI ids and expected effects. Immutable. The bundled catalogue ({@link #load}) is parsed when it is first asked
 * something, once per run: a verify with nothing to verify, which every provisioning run calls, never parses it.
 */
public final class DriverCatalog {
    /** The modules and their parameters; null in the bundled catalogue, whose table is {@link Bundled#MODULES}. */
    private final Map<String, Map<String, DriverParameter>> modules;

    private DriverCatalog(Map<String, Map<String, DriverParameter>> modules) {
        this.modules = modules;
    }

    /** The bundled catalogue (parsed on first use). */
    public static DriverCatalog load() {
        return new DriverCatalog(null);
    }

    /** The bundled table, parsed when this class is first initialized (the JVM does that once, thread-safely). */
    private static final class Bundled {
        static final Map<String, Map<String, DriverParameter>> MODULES = parse(DriverTable.TSV).modules;
    }

    private Map<String, Map<String, DriverParameter>> table() {
        return modules != null ? modules : Bundled.MODULES;
    }

    /** Parses catalogue text (TAB-separated, '#' comment lines). */
    public static DriverCatalog parse(String tsv) {
        Map<String, Map<String, DriverParameter>> modules = new LinkedHashMap<>();
        for (String line : tsv.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length != 9) {
                throw new IllegalStateException("drivers.tsv: expected 9 columns: " + line);
            }
            Long min = null;
            Long max = null;
            if (!f[3].equals("-")) {
                String[] r = splitAtDoubleDots(f[3]);
                min = Long.parseLong(r[0]);
                max = Long.parseUnsignedLong(r[1]);
            }
            List<String> ids = f[6].equals("-") ? List.of() : Arrays.asList(f[6].split(","));
            DriverParameter p = new DriverParameter(f[0], f[1], ParameterType.valueOf(f[2].toUpperCase(Locale.ROOT)),
                    min, max, f[4], f[5], ids, f[7], f[8]);
            Map<String, DriverParameter> params = modules.get(f[0]); // not computeIfAbsent(lambda): docs/performance.md
            if (params == null) {
                params = new LinkedHashMap<>();
                modules.put(f[0], params);
            }
            params.put(f[1], p);
        }
        return new DriverCatalog(modules);
    }

    /**
     * {@code s.split("\\.\\.")} without the regex (String.split compiles a pattern for it, at every range of the
     * table): the pieces between non-overlapping "..", left to right, trailing empty pieces removed.
     */
    static String[] splitAtDoubleDots(String s) {
        List<String> pieces = new ArrayList<>();
        int from = 0;
        int at = s.indexOf("..");
        if (at < 0) {
            return new String[] {s};
        }
        while (at >= 0) {
            pieces.add(s.substring(from, at));
            from = at + 2;
            at = s.indexOf("..", from);
        }
        pieces.add(s.substring(from));
        int size = pieces.size();
        while (size > 0 && pieces.get(size - 1).isEmpty()) {
            size--;
        }
        return pieces.subList(0, size).toArray(new String[0]);
    }

    public boolean knows(String module) {
        return table().containsKey(ModprobeConfigParser.normalizeName(module));
    }

    public Optional<DriverParameter> parameter(String module, String parameter) {
        Map<String, DriverParameter> params = table().get(ModprobeConfigParser.normalizeName(module));
        return params == null ? Optional.empty() : Optional.ofNullable(params.get(ModprobeConfigParser.normalizeName(parameter)));
    }

    /** The known parameters of a module, in catalogue order (empty for an unknown module). */
    public List<DriverParameter> parameters(String module) {
        Map<String, DriverParameter> params = table().get(ModprobeConfigParser.normalizeName(module));
        return params == null ? List.of() : List.copyOf(params.values());
    }

    public List<String> modules() {
        return new ArrayList<>(table().keySet());
    }
}
