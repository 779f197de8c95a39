package org.disktune.modprobe;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.disktune.core.DisktuneException;

/**
 * Checks a module option before disktune writes it. Every value is limited to plain characters
 * (a value carrying whitespace, quotes, '#', ';', '|', '&', '$', a backtick, '\', '<', '>' or any
 * other character would change the meaning of the modprobe.d line or of a shell reading it);
 * where the installed kernels' own module files declare the module ({@link KernelModuleParameters}), the parameter
 * must be one of theirs and match its parmtype (and the catalogue's range where it has one); elsewhere parameters of
 * modules in the {@link DriverCatalog} must exist and match their type; unknown modules are accepted with values of
 * {@code [A-Za-z0-9_.,:=+-]} only.
 */
public final class OptionValidator {
    private static final String PLAIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.,:=+-";

    /**
     * The libata.force values of drivers/ata/libata-core.c force_tbl (Linux 6.x): cable, speed,
     * transfer-mode, link-flag, port-flag and quirk names. The kernel accepts an unambiguous prefix
     * (1.5 for 1.5Gbps); an exact name always wins.
     */
    public static final List<String> LIBATA_FORCE_VALUES = List.of(
            "40c", "80c", "short40c", "unk", "ign", "sata",
            "1.5Gbps", "3.0Gbps",
            "pio0", "pio1", "pio2", "pio3", "pio4", "pio5", "pio6",
            "mwdma0", "mwdma1", "mwdma2", "mwdma3", "mwdma4",
            "udma0", "udma16", "udma/16", "udma1", "udma25", "udma/25", "udma2", "udma33", "udma/33",
            "udma3", "udma44", "udma/44", "udma4", "udma66", "udma/66", "udma5", "udma100", "udma/100",
            "udma6", "udma133", "udma/133", "udma7",
            "nohrst", "nosrst", "norst", "rstonce", "nodbdelay", "dbdelay",
            "external",
            "noncq", "ncq", "noncqtrim", "ncqtrim", "noncqati", "ncqati",
            "notrim", "trim", "trim_zero", "max_trim_128m",
            "nodma", "dma", "atapi_dmadir", "atapi_mod16_dma",
            "nodmalog", "dmalog", "noiddevlog", "iddevlog", "nologdir", "logdir",
            "max_sec_128", "max_sec_1024", "max_sec_lba48",
            "nolpm", "lpm", "nosetxfer", "setxfer", "dump_id", "nofua", "fua",
            "disable");

    private final DriverCatalog catalog;
    /** The installed kernels' module files; null checks against the catalogue alone. */
    private final KernelModuleParameters kernel;
    /** False: a parameter the catalogue does not list is left to the kernel's own files ({@link #beforeKernel}). */
    private final boolean catalogueNames;

    public OptionValidator(DriverCatalog catalog) {
        this(catalog, null, true);
    }

    public OptionValidator(DriverCatalog catalog, KernelModuleParameters kernel) {
        this(catalog, kernel, true);
    }

    private OptionValidator(DriverCatalog catalog, KernelModuleParameters kernel, boolean catalogueNames) {
        this.catalog = catalog;
        this.kernel = kernel;
        this.catalogueNames = catalogueNames;
    }

    /**
     * The check made while the configuration is read, before the target kernel is known: the catalogue lists only the
     * parameters it has advice for, so a parameter of a catalogue module that it does not list (libata's fua) passes
     * with plain characters, and the kernel's own module files decide when a user plans, applies or checks the
     * configuration (where no kernel declares the module, the catalogue's names still decide there). The catalogue's
     * types and ranges apply to the parameters it lists.
     */
    public static OptionValidator beforeKernel(DriverCatalog catalog) {
        return new OptionValidator(catalog, null, false);
    }

    /** A checked option: module and parameter normalised ('-' to '_'), bools written as 1 or 0. */
    public record CheckedOption(String module, String parameter, String value) {
    }

    public CheckedOption check(String module, String parameter, String value) {
        if (module == null || !isName(module)) {
            throw DisktuneException.usage("module name '" + module + "' is not a module name; use letters, digits, '_' and '-'");
        }
        if (parameter == null || !isName(parameter)) {
            throw DisktuneException.usage("parameter name '" + parameter + "' of module " + module + " is not a parameter name; use letters, digits, '_' and '-'");
        }
        String m = ModprobeConfigParser.normalizeName(module);
        String p = ModprobeConfigParser.normalizeName(parameter);
        if (value == null || value.isEmpty()) {
            throw DisktuneException.usage("option " + m + " " + p + " needs a value (" + p + "=VALUE)");
        }
        List<KernelModuleParameters.Declared> declared = declared(m);
        if (!declared.isEmpty()) {
            return checkAgainstKernel(m, p, value, declared);
        }
        if (!catalog.knows(m) || !catalogueNames && catalog.parameter(m, p).isEmpty()) {
            rejectCharacters(m, p, value, PLAIN);
            return new CheckedOption(m, p, value);
        }
        DriverParameter known = catalog.parameter(m, p).orElseThrow(() -> DisktuneException.usage("module " + m + " has no parameter '"
                + p + "'; known parameters: " + String.join(", ", catalog.parameters(m).stream().map(DriverParameter::parameter).toList())));
        rejectCharacters(m, p, value, PLAIN + "/");
        return new CheckedOption(m, p, checkType(known, value));
    }

    private List<KernelModuleParameters.Declared> declared(String module) {
        if (kernel == null) {
            return List.of();
        }
        try {
            return kernel.declared(module);
        } catch (java.io.IOException e) {
            throw DisktuneException.environment("cannot read the parameters of module " + module + ": " + e.getMessage());
        }
    }

    /** The parameter as every installed kernel that has the module declares it; the catalogue's check on top where it has a row. */
    private CheckedOption checkAgainstKernel(String m, String p, String value, List<KernelModuleParameters.Declared> declared) {
        for (KernelModuleParameters.Declared d : declared) {
            if (!d.types().containsKey(p)) {
                throw DisktuneException.usage("module " + m + " of kernel " + d.kernel() + " has no parameter '" + p
                        + "' (the kernel would ignore it); its parameters (" + d.file() + "): "
                        + (d.types().isEmpty() ? "none" : String.join(", ", d.types().keySet())));
            }
        }
        rejectCharacters(m, p, value, PLAIN + "/");
        var known = catalog.parameter(m, p);
        if (known.isPresent()) {
            return new CheckedOption(m, p, checkType(known.get(), value));
        }
        String checked = value;
        for (KernelModuleParameters.Declared d : declared) {
            checked = ParmtypeCheck.check(m + "." + p, d.types().get(p), value);
        }
        return new CheckedOption(m, p, checked);
    }

    private static String checkType(DriverParameter known, String value) {
        String name = known.module() + "." + known.parameter();
        switch (known.type()) {
            case BOOL -> {
                Boolean b = parseBool(value);
                if (b == null) {
                    throw DisktuneException.usage(name + " is a bool: use 1 or 0 (Y/N, y/n, on/off also work), not '" + value + "'");
                }
                return b ? "1" : "0";
            }
            case INT, ULONG -> {
                BigInteger v;
                try {
                    v = new BigInteger(value);
                } catch (NumberFormatException e) {
                    throw DisktuneException.usage(name + " takes a whole number" + range(known) + ", not '" + value + "'");
                }
                BigInteger min = known.minimum() == null ? null : BigInteger.valueOf(known.minimum());
                BigInteger max = known.maximum() == null ? null : new BigInteger(Long.toUnsignedString(known.maximum()));
                if ((min != null && v.compareTo(min) < 0) || (max != null && v.compareTo(max) > 0)) {
                    throw DisktuneException.usage(name + " must be" + range(known) + ", not " + value);
                }
                return v.toString();
            }
            case LIBATA_FORCE -> {
                checkLibataForce(value);
                return value;
            }
            default -> throw new IllegalStateException(known.type().toString());
        }
    }

    private static String range(DriverParameter p) {
        return p.minimum() == null ? "" : " in " + p.minimum() + ".." + Long.toUnsignedString(p.maximum());
    }

    /** Kernel bool spelling (param_set_bool/kstrtobool): y/Y/1, n/N/0, on/off; null when not a bool. */
    public static Boolean parseBool(String value) {
        return switch (value) {
            case "1", "y", "Y", "on", "ON", "On" -> Boolean.TRUE;
            case "0", "n", "N", "off", "OFF", "Off" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** Validates {@code [PORT[.DEV]:]VAL[,...]} against the known values (unambiguous prefixes allowed). */
    public static void checkLibataForce(String value) {
        for (String item : value.split(",", -1)) {
            String val = item;
            int colon = item.indexOf(':');
            if (colon >= 0) {
                String id = item.substring(0, colon);
                if (!isPortId(id)) {
                    throw DisktuneException.usage("libata.force item '" + item + "': '" + id + "' is not PORT or PORT.DEVICE (e.g. 1 or 1.00)");
                }
                val = item.substring(colon + 1);
            }
            if (val.isEmpty()) {
                throw DisktuneException.usage("libata.force item '" + item + "' has no value; e.g. 1.00:noncq");
            }
            resolveForceValue(val);
        }
    }

    /** The force_tbl name a value stands for, as the kernel resolves it (exact, else a unique prefix). */
    public static String resolveForceValue(String val) {
        List<String> matches = new ArrayList<>();
        for (String known : LIBATA_FORCE_VALUES) {
            if (known.equalsIgnoreCase(val)) {
                return known;
            }
            if (known.toLowerCase(Locale.ROOT).startsWith(val.toLowerCase(Locale.ROOT))) {
                matches.add(known);
            }
        }
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.isEmpty()) {
            throw DisktuneException.usage("libata.force value '" + val + "' is unknown; known values include noncq, ncq, 1.5Gbps, 3.0Gbps, udma5, nolpm (see libata.force in kernel-parameters.txt)");
        }
        throw DisktuneException.usage("libata.force value '" + val + "' is ambiguous: " + String.join(", ", matches));
    }

    private static final class Patterns {
        static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
        static final Pattern PORT_ID = Pattern.compile("\\d+(\\.\\d+)?");
    }

    /** A module or parameter name. */
    static boolean isName(String s) {
        return Patterns.NAME.matcher(s).matches();
    }

    /** A libata.force PORT or PORT.DEVICE. */
    static boolean isPortId(String s) {
        return Patterns.PORT_ID.matcher(s).matches();
    }

    private static void rejectCharacters(String module, String parameter, String value, String allowed) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (allowed.indexOf(c) < 0) {
                throw DisktuneException.usage("value of " + module + " " + parameter + " contains " + describe(c)
                        + ", which modprobe.d lines and shells treat specially; allowed: letters, digits and "
                        + allowed.substring(62).chars().mapToObj(x -> "'" + (char) x + "'").reduce((a, b) -> a + " " + b).orElse(""));
            }
        }
    }

    static String describe(char c) {
        return switch (c) {
            case ' ' -> "a space";
            case '\t' -> "a tab";
            case '\n' -> "a newline";
            case '\r' -> "a carriage return";
            case '`' -> "a backtick";
            case '\\' -> "a backslash '\\'";
            case '"' -> "a double quote '\"'";
            case '\'' -> "a single quote \"'\"";
            default -> c < 0x20 || c == 0x7f ? String.format("the control character U+%04X", (int) c)
                    : c > 0x7e ? String.format("the non-ASCII character '%c' (U+%04X)", c, (int) c) : "'" + c + "'";
        };
    }
}
