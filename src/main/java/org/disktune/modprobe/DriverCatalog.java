package org.disktune.modprobe;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The driver knowledge disktune ships: modules, their parameters, types, PCI ids and expected effects, read from
 * the resource {@value #RESOURCE} (TAB-separated, '#' comment lines; its first lines name the columns). Immutable.
 * The bundled catalogue ({@link #load}) is read when it is first asked something, once per run.
 */
public final class DriverCatalog {
    /** The bundled table on the class path; edit the table there (DriverCatalogTest checks it). */
    static final String RESOURCE = "/org/disktune/modprobe/drivers.tsv";
    private static final int COLUMNS = 9;

    /** The modules and their parameters; null in the bundled catalogue, whose table is {@link Bundled#MODULES}. */
    private final Map<String, Map<String, DriverParameter>> modules;

    private DriverCatalog(Map<String, Map<String, DriverParameter>> modules) {
        this.modules = modules;
    }

    /** The bundled catalogue (read on first use). */
    public static DriverCatalog load() {
        return new DriverCatalog(null);
    }

    /** The bundled table, read when this class is first initialized (the JVM does that once, thread-safely). */
    private static final class Bundled {
        static final Map<String, Map<String, DriverParameter>> MODULES = parse(bundledText()).modules;
    }

    /** The text of {@value #RESOURCE}. */
    static String bundledText() {
        try (InputStream in = DriverCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("bundled resource " + RESOURCE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, Map<String, DriverParameter>> table() {
        return modules != null ? modules : Bundled.MODULES;
    }

    /** Parses catalogue text (TAB-separated, '#' comment lines). */
    public static DriverCatalog parse(String tsv) {
        Map<String, Map<String, DriverParameter>> modules = new LinkedHashMap<>();
        tsv.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).map(DriverCatalog::row)
                .forEach(p -> modules.computeIfAbsent(p.module(), m -> new LinkedHashMap<>()).put(p.parameter(), p));
        return new DriverCatalog(modules);
    }

    /** One row: module, parameter, type, range (MIN..MAX or -), default, sysfs, pci_ids (a,b or -), effect, source. */
    private static DriverParameter row(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != COLUMNS) {
            throw new IllegalStateException("drivers.tsv: expected " + COLUMNS + " columns: " + line);
        }
        Long min = null;
        Long max = null;
        if (!f[3].equals("-")) {
            String[] range = f[3].split("\\.\\.");
            min = Long.parseLong(range[0]);
            max = Long.parseUnsignedLong(range[1]);
        }
        List<String> ids = f[6].equals("-") ? List.of() : List.of(f[6].split(","));
        return new DriverParameter(f[0], f[1], ParameterType.valueOf(f[2].toUpperCase(Locale.ROOT)), min, max, f[4], f[5],
                ids, f[7], f[8]);
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
