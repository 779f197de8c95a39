package org.disktune.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KernelParameterTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
            "nvme_core|default_ps_max_latency_us|0|nvme_core.default_ps_max_latency_us=0",
            "libata|force|1.00:noncq,2:1.5Gbps|libata.force=1.00:noncq,2:1.5Gbps",
            "nvme-core|default-ps-max-latency-us|0|nvme_core.default_ps_max_latency_us=0",
            "dynamic_debug|dyndbg|file ahci.c +p|dynamic_debug.dyndbg=\"file ahci.c +p\"",
            "m|p|' lead and trail '|m.p=\" lead and trail \"",
            "m|p|a=b|m.p=a=b",
    })
    void rendersAndTheKernelReadsBackTheSameValue(String module, String parameter, String value, String rendered) {
        KernelParameter p = new KernelParameter(module, parameter, value);
        assertEquals(rendered, p.render());
        assertEquals(List.of(p), KernelCommandLine.parse("quiet " + p.render() + " ro").moduleParameters());
        assertEquals(value, KernelCommandLine.parse(p.render()).kernel().get(0).value().orElseThrow());
    }

    /** Values no quoting can carry through next_arg, a shell-sourced grub default file or an INI line. */
    @ParameterizedTest
    @ValueSource(strings = {"a\"b", "\"quoted\"", "a\nb", "a\tb", "a\rb", "$(reboot)", "${X}", "`id`", "a\\b", "it's",
            "a;b", "a&b", "a|b", "a<b", "a>b", "#x", "a!b", "(a)", "{a}", "[a]", "a?", "\u00e0", "a\u00a0b", "\u0000", "\u007f", "   "})
    void refusesValuesTheKernelOrTheFilesOnTheWayWouldReadDifferently(String value) {
        DisktuneException e = assertThrows(DisktuneException.class, () -> new KernelParameter("nvme_core", "p", value));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals(true, e.getMessage().startsWith("value of nvme_core.p cannot go on the kernel command line: it "), e.getMessage());
    }

    @Test
    void theErrorNamesTheByteAndTheFix() {
        assertEquals("value of libata.force cannot go on the kernel command line: it holds '$'; the kernel reads double quotes"
                        + " without escapes, so use letters, digits, spaces and _.,:=+-/@%*~^ only",
                assertThrows(DisktuneException.class, () -> new KernelParameter("libata", "force", "$X")).getMessage());
        assertEquals(true, assertThrows(DisktuneException.class, () -> new KernelParameter("m", "p", "a\nb")).getMessage()
                .contains("it holds the byte U+000A"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"a.b|p", "m|p.q", "m x|p", "m|p=1", "''|p", "m|''"})
    void refusesNamesThatWouldChangeWhereTheArgumentSplits(String module, String parameter) {
        assertEquals(ExitCode.USAGE, assertThrows(DisktuneException.class, () -> new KernelParameter(module, parameter, "1")).exitCode());
    }

    @Test
    void refusesAnEmptyValue() {
        assertEquals("m.p needs a value on the kernel command line (p=VALUE)",
                assertThrows(DisktuneException.class, () -> new KernelParameter("m", "p", "")).getMessage());
    }
}
