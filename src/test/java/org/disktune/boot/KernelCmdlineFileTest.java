package org.disktune.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The byte-preserving edit of /etc/kernel/cmdline: only the managed modules' parameters change. */
class KernelCmdlineFileTest {
    private static final KernelParameter APST_OFF = new KernelParameter("nvme_core", "default_ps_max_latency_us", "0");

    private static String edit(String current, List<KernelParameter> wanted, Set<String> managed) {
        return new String(KernelCmdlineFile.edit(current.getBytes(StandardCharsets.ISO_8859_1), wanted,
                name -> managed.contains(name.substring(0, name.indexOf('.')).replace('_', '-'))
                        || managed.contains(name.substring(0, name.indexOf('.')))),
                StandardCharsets.ISO_8859_1);
    }

    @Test
    void aWantedParameterIsAppendedBeforeTheTrailingNewlineAndAnUnchangedFileKeepsEveryByte() {
        assertEquals("root=/dev/sda2 ro  quiet nvme_core.default_ps_max_latency_us=0\n\n",
                edit("root=/dev/sda2 ro  quiet\n\n", List.of(APST_OFF), Set.of()));
        String held = "root=/dev/sda2\tro nvme_core.default_ps_max_latency_us=0 quiet";
        assertEquals(held, edit(held, List.of(APST_OFF), Set.of("nvme_core")));
    }

    @Test
    void aManagedParameterNoLongerWantedGoesWithItsSpaceAndOtherModulesStay() {
        assertEquals("ro libata.force=noncq\n", edit("nvme_core.default_ps_max_latency_us=5500 ro libata.force=noncq "
                + "nvme_core.io_timeout=30\n", List.of(), Set.of("nvme-core")), "every parameter of a managed module goes, "
                + "the first with the space after it, the others with the space before");
    }

    @Test
    void parametersForTheKernelGoBeforeTheArgumentsOfInit() {
        assertEquals("ro nvme_core.default_ps_max_latency_us=0 -- single nvme_core.x=1\n",
                edit("ro -- single nvme_core.x=1\n", List.of(APST_OFF), Set.of()));
    }

    @Test
    void anEmptyFileGetsOneLine() {
        assertEquals("nvme_core.default_ps_max_latency_us=0\n", edit("", List.of(APST_OFF), Set.of()));
    }

    @Test
    void theStartingPointIsTheVendorsFileOrTheRunningLineWithoutTheBootLoadersWords() {
        assertEquals("root=UUID=0b1c ro quiet\n", new String(KernelCmdlineFile.startingPoint(null,
                "BOOT_IMAGE=/vmlinuz-6.1.0-18-amd64 root=UUID=0b1c ro initrd=\\a\\initrd quiet\n"), StandardCharsets.ISO_8859_1));
        assertEquals("rhgb quiet\n", new String(KernelCmdlineFile.startingPoint("rhgb quiet\n".getBytes(StandardCharsets.ISO_8859_1),
                "BOOT_IMAGE=x ro"), StandardCharsets.ISO_8859_1));
    }
}
