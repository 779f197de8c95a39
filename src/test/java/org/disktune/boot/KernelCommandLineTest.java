package org.disktune.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.boot.KernelCommandLine.Argument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The kernel's own splitting rules (next_arg in lib/cmdline.c, parse_args in kernel/params.c) and real command
 * lines: /proc/cmdline of the QEMU capture machine and of a Firecracker micro-VM, and the "Command line:" lines of
 * the serial logs under src/test/resources/kernel/qemu.
 */
class KernelCommandLineTest {

    private static Argument arg(String name, String value) {
        return new Argument(name, Optional.ofNullable(value));
    }

    /** One argument alone: name, then value ("<none>" for a bare word), as next_arg leaves them. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
            "quiet|quiet|<none>",
            "panic=-1|panic|-1",
            // the name ends at the first '='; later ones belong to the value
            "libata.force=1.00:noncq,2:1.5Gbps|libata.force|1.00:noncq,2:1.5Gbps",
            "root=UUID=ab-cd|root|UUID=ab-cd",
            // a '"' right after '=' and one at the end are dropped; spaces between them stay
            "dyndbg=\"file ahci.c +p\"|dyndbg|file ahci.c +p",
            // a '"' inside the value only toggles quoting and stays in the value
            "a=b\"c d\"e|a|b\"c d\"e",
            // a quote opened after '=' but not closed at the end: the opening one is dropped, the rest kept
            "a=\"b c\"d|a|b c\"d",
            // a leading '"' quotes the whole argument; it and the last '"' are dropped
            "\"a=b c\"|a|b c",
            "\"quiet\"|quiet|<none>",
            // an empty value is a value
            "a=|a|''",
            "a=\"\"|a|''",
            // '=' first is not the separator: next_arg only records an '=' after position 0
            "=a=b|=a|b",
    })
    void oneArgumentAsNextArgSplitsIt(String line, String name, String value) {
        KernelCommandLine parsed = KernelCommandLine.parse(line);
        assertEquals(List.of(arg(name, value.equals("<none>") ? null : value)), parsed.kernel(), line);
    }

    @Test
    void whitespaceOutsideQuotesEndsAnArgumentAndRunsOfItAreSkipped() {
        assertEquals(List.of(arg("a", "1"), arg("b", null), arg("c", "x\ty")),
                KernelCommandLine.parse("  a=1 \t\n b   c=\"x\ty\"\n").kernel());
    }

    @Test
    void theKernelCountsTheLatin1NoBreakSpaceAsWhitespace() {
        // lib/ctype.c marks 0xA0 _S|_SP: a UTF-8 'à' (C3 A0) read byte by byte splits the argument
        String bytes = new String("a=\u00e0b".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        assertEquals(List.of(arg("a", "\u00c3"), arg("b", null)), KernelCommandLine.parse(bytes).kernel());
    }

    @Test
    void argumentsAfterABareDoubleDashGoToInit() {
        KernelCommandLine parsed = KernelCommandLine.parse("ro quiet -- single  --x=1");
        assertEquals(List.of(arg("ro", null), arg("quiet", null)), parsed.kernel());
        assertEquals(List.of("single", "--x=1"), parsed.init());
    }

    @Test
    void procCmdlineOfTheQemuCaptureMachine() {
        KernelCommandLine parsed = KernelCommandLine.parse(resource("boot/ahci.cmdline"));
        assertEquals(List.of(arg("console", "ttyS0,115200"), arg("panic", "-1"), arg("lab.snapshot", "1")), parsed.kernel());
        assertEquals(List.of(new KernelParameter("lab", "snapshot", "1")), parsed.moduleParameters());
    }

    @Test
    void procCmdlineOfAFirecrackerMicroVmWithInitArguments() {
        KernelCommandLine parsed = KernelCommandLine.parse(resource("boot/microvm.cmdline"));
        assertEquals(18, parsed.kernel().size(), parsed.kernel().toString());
        assertEquals(arg("mitigations", "auto,no_guest_host,no_guest_guest"), parsed.kernel().get(0));
        assertEquals(arg("rdinit", "/process_api"), parsed.kernel().get(17));
        assertEquals(List.of("random.trust_cpu=1", "nvproxy.enable=1", "page_reporting.page_reporting_order=11", "rcupdate.rcu_cpu_stall_cputime=1",
                        "cpuidle_haltpoll.force=1", "haltpoll.guest_halt_poll_ns=0"),
                parsed.moduleParameters().stream().map(KernelParameter::render).toList());
        assertEquals("--firecracker-init", parsed.init().get(0));
        assertEquals("--auth-required", parsed.init().get(parsed.init().size() - 1));
    }

    @Test
    void commandLinesPrintedInTheSerialLogs() {
        Pattern printed = Pattern.compile("\\] Command line: (.*)$", Pattern.MULTILINE);
        java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (String log : List.of("ahci.log", "ahci-noncq-cmdline.log", "piix.log", "virtio-nvme.log")) {
            Matcher m = printed.matcher(resource("kernel/qemu/" + log));
            while (m.find()) {
                KernelCommandLine parsed = KernelCommandLine.parse(m.group(1));
                seen.add(log + ": " + parsed.moduleParameters());
                assertEquals(arg("console", "ttyS0,115200"), parsed.kernel().get(0));
            }
        }
        assertEquals(List.of("ahci.log: []", "ahci-noncq-cmdline.log: [libata.force=noncq]", "piix.log: []", "virtio-nvme.log: []"),
                List.copyOf(seen));
    }

    static String resource(String name) {
        try (InputStream in = KernelCommandLineTest.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource /" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
