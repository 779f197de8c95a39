package org.disktune.boot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The editor of GRUB_CMDLINE_LINUX on real /etc/default/grub files (src/test/resources/boot/grub-default, origins in
 * its SOURCES.tsv): adding disktune's parameters and removing them gives the same bytes, and {@code sh}, which
 * grub-mkconfig sources the file with, reads the edited value as the old words plus the parameters.
 */
class GrubDefaultEditorTest {
    private static final KernelParameter APST = new KernelParameter("nvme_core", "default_ps_max_latency_us", "0");
    private static final KernelParameter NCQ = new KernelParameter("libata", "force", "noncq");
    private static final KernelParameter SPACED = new KernelParameter("dm_mod", "create", "a b");
    private static final Set<String> OURS = Set.of("nvme_core.default_ps_max_latency_us", "libata.force", "dm_mod.create");

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = GrubDefaultEditorTest.class.getResourceAsStream("/boot/grub-default/" + name)) {
            return in.readAllBytes();
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** GRUB_CMDLINE_LINUX as /bin/sh sets it after sourcing {@code file}, as grub-mkconfig does. */
    private static String sourced(Path dir, byte[] file) throws IOException, InterruptedException {
        Path grub = dir.resolve("grub");
        Files.write(grub, file);
        Process sh = new ProcessBuilder("sh", "-c", ". \"$1\" 2>/dev/null; printf %s \"$GRUB_CMDLINE_LINUX\"", "sh", grub.toString()).start();
        String out = new String(sh.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertEquals(0, sh.waitFor(), out);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"debian-grub2-package.default", "fedora-blscfg-false.default", "arch-x1-carbon.default", "arch-grapheneos.default",
            "proxmox.default", "gentoo.default", "gpu-passthrough-no-cmdline-no-newline.default", "debian-joekun.default"})
    void everyRealFileRoundTripsAndTheShellReadsTheParameters(String name, @TempDir Path dir) throws IOException, InterruptedException {
        byte[] original = resource(name);
        String before = sourced(dir, original);
        byte[] added = GrubDefaultEditor.edit(original, List.of(APST, NCQ, SPACED), n -> false);
        String expected = (before.isEmpty() ? "" : before + " ") + "nvme_core.default_ps_max_latency_us=0 libata.force=noncq dm_mod.create=\"a b\"";
        assertEquals(expected, sourced(dir, added));
        assertEquals(List.of(APST, NCQ, SPACED), GrubDefaultEditor.parameters(added).stream().filter(p -> OURS.contains(GrubDefaultEditor.name(p))).toList());
        assertArrayEquals(added, GrubDefaultEditor.edit(added, List.of(APST, NCQ, SPACED), OURS::contains), "applying twice changes nothing");

        byte[] changed = GrubDefaultEditor.edit(added, List.of(new KernelParameter("nvme_core", "default_ps_max_latency_us", "5500")), OURS::contains);
        assertEquals((before.isEmpty() ? "" : before + " ") + "nvme_core.default_ps_max_latency_us=5500", sourced(dir, changed));

        assertEquals(text(original), text(GrubDefaultEditor.edit(changed, List.of(), OURS::contains)), "removing gives back every byte");
        assertEquals(text(original), text(GrubDefaultEditor.edit(added, List.of(), OURS::contains)));
    }

    @Test
    void onlyTheChangedBytesOfTheValueDiffer() throws IOException {
        byte[] original = resource("fedora-blscfg-false.default");
        String edited = text(GrubDefaultEditor.edit(original, List.of(APST), name -> false));
        assertEquals(text(original).replace("lockdown=confidentiality\"", "lockdown=confidentiality nvme_core.default_ps_max_latency_us=0\""), edited);
    }

    @Test
    void anAdministratorsModuleParameterStaysUnlessDisktuneOwnsIt() throws IOException {
        byte[] original = resource("fedora-blscfg-false.default");
        KernelParameter radeon = new KernelParameter("radeon", "cik_support", "0");
        assertEquals(List.of(radeon, new KernelParameter("amdgpu", "cik_support", "1"), new KernelParameter("ipv6", "disable", "1")),
                GrubDefaultEditor.parameters(original));
        assertArrayEquals(original, GrubDefaultEditor.edit(original, List.of(), OURS::contains), "not disktune's: it stays");
        assertArrayEquals(original, GrubDefaultEditor.edit(original, List.of(radeon), name -> false), "wanted as it is: nothing changes");
        String replaced = text(GrubDefaultEditor.edit(original, List.of(new KernelParameter("radeon", "cik-support", "1")), name -> false));
        assertEquals(text(original).replace("radeon.cik_support=0", "radeon.cik_support=1"), replaced, "replaced in place");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "GRUB_CMDLINE_LINUX='quiet'\\n|GRUB_CMDLINE_LINUX='quiet libata.force=noncq dm_mod.create=\"a b\"'\\n",
            "GRUB_CMDLINE_LINUX=\\n|GRUB_CMDLINE_LINUX=libata.force=noncq\\n",
            "export GRUB_CMDLINE_LINUX=\"quiet\"\\r\\nGRUB_TIMEOUT=5\\r\\n|export GRUB_CMDLINE_LINUX=\"quiet libata.force=noncq dm_mod.create=\\\"a b\\\"\"\\r\\nGRUB_TIMEOUT=5\\r\\n",
            "GRUB_CMDLINE_LINUX=\"  quiet\tsplash  \" # keep\\n|GRUB_CMDLINE_LINUX=\"  quiet\tsplash   libata.force=noncq dm_mod.create=\\\"a b\\\"\" # keep\\n",
            "GRUB_TIMEOUT=5\\n|GRUB_TIMEOUT=5\\nGRUB_CMDLINE_LINUX=\"libata.force=noncq dm_mod.create=\\\"a b\\\"\"" + GrubDefaultEditor.ADDED + "\\n",
            "|GRUB_CMDLINE_LINUX=\"libata.force=noncq dm_mod.create=\\\"a b\\\"\"" + GrubDefaultEditor.ADDED + "\\n"})
    void keepsTheQuotingLineEndingsAndBlanksAndRoundTrips(String before, String after) {
        String original = before == null ? "" : before.replace("\\n", "\n").replace("\\r", "\r");
        String expected = after.replace("\\n", "\n").replace("\\r", "\r");
        List<KernelParameter> wanted = original.contains("LINUX=\\n") || original.equals("GRUB_CMDLINE_LINUX=\n") ? List.of(NCQ) : List.of(NCQ, SPACED);
        byte[] added = GrubDefaultEditor.edit(bytes(original), wanted, name -> false);
        assertEquals(expected, text(added));
        assertEquals(original, text(GrubDefaultEditor.edit(added, List.of(), OURS::contains)));
    }

    @Test
    void anUnquotedValueThatWouldNeedQuotesIsRefused() {
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> GrubDefaultEditor.edit(bytes("GRUB_TIMEOUT=5\nGRUB_CMDLINE_LINUX=quiet\n"), List.of(NCQ), name -> false));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("/etc/default/grub line 2: GRUB_CMDLINE_LINUX=quiet is not quoted, so adding libata.force=noncq would change its "
                + "quoting; write it as GRUB_CMDLINE_LINUX=\"quiet\" and run again (nothing was changed)", e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "GRUB_CMDLINE_LINUX=\"quiet\"\\nGRUB_CMDLINE_LINUX=\"$GRUB_CMDLINE_LINUX splash\"\\n|line 1: GRUB_CMDLINE_LINUX is set 2 times (lines 1 and 2), so disktune cannot tell which one GRUB reads; keep one line and run again",
            "GRUB_CMDLINE_LINUX=\"quiet \\\\n  splash\"\\n|line 1: GRUB_CMDLINE_LINUX: its value continues on the next line",
            "GRUB_CMDLINE_LINUX=\"quiet\\n  splash\"\\n|line 1: GRUB_CMDLINE_LINUX: its value continues on the next line",
            "GRUB_CMDLINE_LINUX=\"$(cat /etc/cmdline)\"\\n|line 1: GRUB_CMDLINE_LINUX: its value runs a command",
            "GRUB_CMDLINE_LINUX=`cat /etc/cmdline`\\n|line 1: GRUB_CMDLINE_LINUX: its value runs a command",
            "GRUB_TIMEOUT=5\\nGRUB_CMDLINE_LINUX=\"quiet ${EXTRA}\"\\n|line 2: GRUB_CMDLINE_LINUX: its value expands a variable ($)",
            "GRUB_CMDLINE_LINUX=\"quiet \\\\$x\"\\n|line 1: GRUB_CMDLINE_LINUX: its value expands a variable ($)",
            "GRUB_CMDLINE_LINUX=\"quiet \\\\t\"\\n|line 1: GRUB_CMDLINE_LINUX: its value has a backslash escape",
            "GRUB_CMDLINE_LINUX=\"quiet\"'splash'\\n|line 1: GRUB_CMDLINE_LINUX: its value mixes quoted and unquoted parts",
            "GRUB_CMDLINE_LINUX+=\" splash\"\\n|line 1: GRUB_CMDLINE_LINUX: '+=' appends to a value set elsewhere",
            "GRUB_CMDLINE_LINUX=(quiet)\\n|line 1: GRUB_CMDLINE_LINUX: its value is an array",
            "GRUB_TIMEOUT=5\\nGRUB_CMDLINE_LINUX=\"quiet\\n|line 2: unterminated quote; fix the file's shell syntax"})
    void aSyntaxItCannotKeepIsAOneLineErrorNamingTheLine(String file, String message) {
        byte[] bytes = bytes(file.replace("\\n", "\n"));
        DisktuneException e = assertThrows(DisktuneException.class, () -> GrubDefaultEditor.edit(bytes, List.of(NCQ), name -> false));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals(-1, e.getMessage().indexOf('\n'), e.getMessage());
        String expected = "/etc/default/grub " + message;
        assertEquals(expected, e.getMessage().substring(0, Math.min(e.getMessage().length(), expected.length())), e.getMessage());
    }
}
