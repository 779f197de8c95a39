package org.disktune.modprobe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

import org.disktune.host.Host;
import org.junit.jupiter.api.Test;

/**
 * Module parameters read from real Debian 12 kernel files (6.1.0-57, src/test/resources/modules): sata_sil.ko as
 * shipped, sata_nv as .ko.xz, pata_legacy as .ko.zst, ata_generic as .ko.gz, and the cloud kernel's
 * modules.builtin.modinfo, where nvme_core is built in. Expected values are what {@code modinfo -F parmtype} prints
 * for the same files.
 */
class KernelModuleParametersTest {
    private static final String FULL = "/lib/modules/6.1.0-57-amd64";
    private static final String CLOUD = "/lib/modules/6.1.0-57-cloud-amd64";

    static Host debianKernels() {
        Host host = TestHosts.jimfs();
        for (String file : List.of("sata_sil.ko", "sata_nv.ko.xz", "pata_legacy.ko.zst", "ata_generic.ko.gz")) {
            TestHosts.write(host, FULL + "/kernel/drivers/ata/" + file, resource("6.1.0-57-amd64/" + file));
        }
        TestHosts.write(host, FULL + "/modules.dep", """
                kernel/drivers/ata/sata_sil.ko: kernel/drivers/ata/libata.ko
                kernel/drivers/ata/sata_nv.ko.xz: kernel/drivers/ata/libata.ko
                kernel/drivers/ata/pata_legacy.ko.zst: kernel/drivers/ata/libata.ko
                kernel/drivers/ata/ata_generic.ko.gz: kernel/drivers/ata/libata.ko
                """);
        for (String file : List.of("modules.builtin", "modules.builtin.modinfo")) {
            TestHosts.write(host, CLOUD + "/" + file, resource("6.1.0-57-cloud-amd64/" + file));
        }
        TestHosts.write(host, CLOUD + "/modules.dep", "");
        return host;
    }

    @Test
    void readsParmtypeOfPlainAndCompressedModules() throws IOException {
        KernelModuleParameters kernel = new KernelModuleParameters(debianKernels());
        assertEquals(List.of("6.1.0-57-amd64", "6.1.0-57-cloud-amd64"), kernel.kernels());
        assertEquals(Map.of("slow_down", "int"), only(kernel, "sata_sil").types());
        assertEquals(Map.of("msi", "bool", "swncq", "bool", "adma", "bool"), only(kernel, "sata_nv").types());
        assertEquals(List.of("msi", "swncq", "adma"), List.copyOf(only(kernel, "sata-nv").types().keySet()));
        assertEquals(Map.of("all_generic_ide", "int"), only(kernel, "ata_generic").types());
        assertEquals(List.of("winbond", "qdi", "opti82c46x", "opti82c611a", "ht6560b", "ht6560a", "iordy_mask", "pio_mask",
                "autospeed", "probe_mask", "probe_all", "all"), List.copyOf(only(kernel, "pata_legacy").types().keySet()));
        assertEquals("kernel/drivers/ata/pata_legacy.ko.zst", only(kernel, "pata_legacy").file());
    }

    @Test
    void readsBuiltInModulesFromModulesBuiltinModinfo() throws IOException {
        KernelModuleParameters.Declared nvme = only(new KernelModuleParameters(debianKernels()), "nvme_core");
        assertEquals("6.1.0-57-cloud-amd64", nvme.kernel());
        assertEquals("modules.builtin.modinfo", nvme.file());
        assertEquals("ulong", nvme.types().get("default_ps_max_latency_us"));
        assertEquals("byte", nvme.types().get("max_retries"));
        assertEquals("", nvme.types().get("iopolicy")); // parm= only: a custom setter without parmtype=
        assertEquals(12, nvme.types().size(), nvme.types().toString());
    }

    @Test
    void aModuleNoKernelHasIsEmpty() throws IOException {
        assertEquals(List.of(), new KernelModuleParameters(debianKernels()).declared("no_such_module"));
        assertEquals(List.of(), new KernelModuleParameters(TestHosts.jimfs()).declared("sata_nv"));
    }

    @Test
    void aDamagedModuleFileIsAnErrorNamingIt() {
        Host host = debianKernels();
        TestHosts.write(host, FULL + "/kernel/drivers/ata/sata_sil.ko", "not an ELF file at all, but long enough to be read as one".repeat(2));
        IOException e = assertThrows(IOException.class, () -> new KernelModuleParameters(host).declared("sata_sil"));
        assertTrue(e.getMessage().contains("sata_sil.ko: not an ELF file"), e.getMessage());
    }

    @Test
    void aModulesDepPathOutsideTheTreeIsNotFollowed() {
        Host host = debianKernels();
        TestHosts.write(host, FULL + "/modules.dep", "../../../../etc/sata_sil.ko:\n");
        IOException e = assertThrows(IOException.class, () -> new KernelModuleParameters(host).declared("sata_sil"));
        assertTrue(e.getMessage().contains("outside the kernel's module tree; run depmod 6.1.0-57-amd64"), e.getMessage());
    }

    @Test
    void absolutePathsIntoTheKernelsTreeAsOldDepmodWroteThemAreRead() throws IOException {
        Host host = debianKernels();
        TestHosts.write(host, FULL + "/modules.dep", FULL + "/kernel/drivers/ata/sata_sil.ko: " + FULL + "/kernel/drivers/ata/libata.ko\n"
                + "/etc/sata_nv.ko.xz:\n");
        assertEquals(Map.of("slow_down", "int"), only(new KernelModuleParameters(host), "sata_sil").types());
        IOException e = assertThrows(IOException.class, () -> new KernelModuleParameters(host).declared("sata_nv"));
        assertTrue(e.getMessage().contains("names /etc/sata_nv.ko.xz, outside the kernel's module tree"), e.getMessage());
    }

    private static KernelModuleParameters.Declared only(KernelModuleParameters kernel, String module) throws IOException {
        List<KernelModuleParameters.Declared> declared = kernel.declared(module);
        assertEquals(1, declared.size(), declared.toString());
        return declared.get(0);
    }

    static byte[] resource(String name) {
        try (InputStream in = KernelModuleParametersTest.class.getResourceAsStream("/modules/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource /modules/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
