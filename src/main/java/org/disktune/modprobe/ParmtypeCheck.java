package org.disktune.modprobe;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import org.disktune.core.DisktuneException;

/**
 * A value checked against the type a kernel module declares for its parameter ({@code parmtype=NAME:TYPE}, the
 * names of kernel/params.c's {@code param_ops_*}): bool and invbool take the kernel's bool spellings (written back
 * as 1 or 0), the integer types their C range (decimal or 0x hex, as kstrto* with base 0 reads them), charp and
 * string anything the caller's character rules allow, and "array of T" comma-separated values of T. An unknown type
 * or a parameter declared without parmtype= is not checked further.
 */
final class ParmtypeCheck {
    private static final BigInteger TWO = BigInteger.TWO;
    private static final Map<String, BigInteger[]> RANGES = Map.of(
            "byte", range(BigInteger.ZERO, TWO.pow(8).subtract(BigInteger.ONE)),
            "short", range(TWO.pow(15).negate(), TWO.pow(15).subtract(BigInteger.ONE)),
            "ushort", range(BigInteger.ZERO, TWO.pow(16).subtract(BigInteger.ONE)),
            "int", range(TWO.pow(31).negate(), TWO.pow(31).subtract(BigInteger.ONE)),
            "uint", range(BigInteger.ZERO, TWO.pow(32).subtract(BigInteger.ONE)),
            "hexint", range(BigInteger.ZERO, TWO.pow(32).subtract(BigInteger.ONE)),
            "long", range(TWO.pow(63).negate(), TWO.pow(63).subtract(BigInteger.ONE)),
            "ulong", range(BigInteger.ZERO, TWO.pow(64).subtract(BigInteger.ONE)),
            "ullong", range(BigInteger.ZERO, TWO.pow(64).subtract(BigInteger.ONE)));

    private ParmtypeCheck() {
    }

    /** The value to write: bools as 1 or 0, the rest as given. */
    static String check(String name, String type, String value) {
        if (type.startsWith("array of ")) {
            String element = type.substring("array of ".length());
            for (String item : value.split(",", -1)) {
                check(name, element, item);
            }
            return value;
        }
        if (type.equals("bool") || type.equals("invbool")) {
            Boolean b = OptionValidator.parseBool(value);
            if (b == null) {
                throw DisktuneException.usage(name + " has type " + type + " in the kernel's module file: use 1 or 0 (Y/N, y/n, on/off also work), not '" + value + "'");
            }
            return b ? "1" : "0";
        }
        BigInteger[] range = RANGES.get(type);
        if (range != null) {
            BigInteger v = number(value);
            if (v == null || v.compareTo(range[0]) < 0 || v.compareTo(range[1]) > 0) {
                throw DisktuneException.usage(name + " has type " + type + " in the kernel's module file: use a whole number in "
                        + range[0] + ".." + range[1] + ", not '" + value + "'");
            }
        }
        return value;
    }

    private static BigInteger number(String value) {
        try {
            boolean negative = value.startsWith("-");
            String digits = negative || value.startsWith("+") ? value.substring(1) : value;
            BigInteger v = digits.matches("0[xX][0-9a-fA-F]+") ? new BigInteger(digits.substring(2), 16) : new BigInteger(digits);
            return negative ? v.negate() : v;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static BigInteger[] range(BigInteger min, BigInteger max) {
        return List.of(min, max).toArray(BigInteger[]::new);
    }
}
