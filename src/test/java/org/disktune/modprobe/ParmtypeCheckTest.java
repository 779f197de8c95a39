package org.disktune.modprobe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Values against the parmtype names of kernel/params.c (param_ops_byte ... param_ops_charp, param_array_ops). */
class ParmtypeCheckTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "bool|Y|1", "bool|off|0", "invbool|n|0", "byte|255|255", "short|-32768|-32768", "ushort|65535|65535",
            "int|-1|-1", "uint|4294967295|4294967295", "hexint|0xffffffff|0xffffffff", "ulong|18446744073709551615|18446744073709551615",
            "long|-9223372036854775808|-9223372036854775808", "int|0x10|0x10", "charp|anything:goes|anything:goes",
            "string|x|x", "''|x|x", "array of int|1,-2,3|1,-2,3", "array of bool|1,0|1,0"})
    void accepts(String type, String value, String written) {
        assertEquals(written, ParmtypeCheck.check("m.p", type == null ? "" : type, value));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "bool|2", "invbool|yes", "byte|256", "byte|-1", "short|32768", "ushort|-1", "int|2147483648", "uint|-1",
            "ulong|18446744073709551616", "int|1.5", "int|0x", "int|''", "array of int|1,x", "array of int|1,,2"})
    void refusesInOneLine(String type, String value) {
        DisktuneException e = assertThrows(DisktuneException.class, () -> ParmtypeCheck.check("m.p", type, value == null ? "" : value));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(true, e.getMessage().startsWith("m.p has type "), e.getMessage());
    }
}
