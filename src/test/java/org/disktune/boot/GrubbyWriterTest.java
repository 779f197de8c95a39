package org.disktune.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

/** grubby's argument lists, and the value it cannot carry. */
class GrubbyWriterTest {
    private final GrubbyWriter writer = new GrubbyWriter(List.of("/boot/loader/entries/a.conf"), null);

    @Test
    void addedAndRemovedParametersGoToOneRunOverAllEntries() {
        List<Regeneration> runs = writer.regenerate(List.of(new KernelParameter("nvme_core", "default_ps_max_latency_us", "0")),
                List.of(new KernelParameter("sata_nv", "adma", "1")));
        assertEquals(List.of("grubby", "--update-kernel=ALL", "--args=nvme_core.default_ps_max_latency_us=0", "--remove-args=sata_nv.adma=1"),
                runs.get(0).argv());
        assertEquals(List.of("/boot/loader/entries/a.conf", "/etc/kernel/cmdline", "/etc/default/grub", "/boot/grub2/grubenv"),
                runs.get(0).rewrites());
        assertEquals(List.of(), writer.regenerate(List.of(), List.of()), "nothing to add or remove: grubby does not run");
    }

    @Test
    void aValueWithASpaceIsRefusedSinceGrubbySplitsItsArguments() {
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> writer.regenerate(List.of(new KernelParameter("libata", "force", "1.5Gbps, noncq")), List.of()));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("value of libata.force holds a space, which grubby cannot carry (it splits --args at spaces); use a value "
                + "without spaces", e.getMessage());
    }
}
