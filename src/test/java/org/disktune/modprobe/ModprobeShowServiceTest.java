package org.disktune.modprobe;

import static org.disktune.modprobe.TestHosts.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.disktune.host.Host;
import org.junit.jupiter.api.Test;

class ModprobeShowServiceTest {

    private static Host seedHost() {
        Host host = TestHosts.jimfs();
        write(host, "/usr/bin/kmod", "");
        write(host, "/etc/modprobe.d/disktune.conf", "options sata_nv adma=1\noptions libata force=1.00:noncq\n");
        write(host, "/etc/modprobe.d/sata_nv.conf", "options sata_nv adma=0\n");
        write(host, "/etc/modprobe.d/00-old.conf", "options sata_nv swncq=1 msi=Y\n");
        write(host, "/etc/modprobe.d/watch.conf", "install sata_nv /bin/true\noptions ahci marvell_enable=1\n");
        write(host, "/sys/module/sata_nv/parameters/adma", "N\n");
        write(host, "/sys/module/sata_nv/parameters/swncq", "Y\n");
        write(host, "/sys/module/sata_nv/parameters/msi", "N\n");
        write(host, "/sys/module/libata/parameters/noacpi", "0\n");
        return host;
    }

    @Test
    void showComparesConfiguredAndRunning() {
        List<ModuleOptionStatus> rows = new ModprobeShowService(seedHost(), DriverCatalog.load()).show();
        assertEquals(List.of("sata_nv.swncq", "sata_nv.msi", "sata_nv.adma", "libata.force", "ahci.marvell_enable"),
                rows.stream().map(r -> r.module() + "." + r.parameter()).toList());
        ModuleOptionStatus swncq = rows.get(0);
        assertEquals(OptionAgreement.AGREE, swncq.agreement());
        assertEquals("/etc/modprobe.d/00-old.conf:1", swncq.source());
        assertEquals(OptionAgreement.DISAGREE, rows.get(1).agreement());
        ModuleOptionStatus adma = rows.get(2);
        assertEquals("0", adma.configuredValue());
        assertEquals("/etc/modprobe.d/sata_nv.conf:1", adma.source());
        assertEquals("N", adma.runningValue());
        assertEquals(OptionAgreement.AGREE, adma.agreement());
        assertTrue(adma.notes().contains("overridden: /etc/modprobe.d/disktune.conf:1 sets 1"), adma.notes().toString());
        assertTrue(adma.notes().stream().anyMatch(n -> n.startsWith("install command in /etc/modprobe.d/watch.conf:1")), adma.notes().toString());
        assertEquals(OptionAgreement.NOT_VISIBLE_IN_SYSFS, rows.get(3).agreement());
        assertTrue(rows.get(3).notes().get(0).startsWith("not visible in sysfs"));
        assertEquals(OptionAgreement.NOT_LOADED, rows.get(4).agreement());
        assertEquals(null, rows.get(4).runningValue());
    }

    @Test
    void conflictsSayWhichSettingWins() {
        Host host = seedHost();
        write(host, "/etc/modprobe.d/blk.conf", "blacklist sata-nv\n");
        write(host, "/proc/cmdline", "quiet libata.force=noncq\n");
        ModprobeConfig config = new ModprobeConfigReader(host).read();
        DesiredModuleOptions desired = DesiredModuleOptions.none().with("sata_nv", "adma", "1").with("sata_nv", "swncq", "1")
                .with("libata", "force", "1.00:noncq");
        List<ModprobeConflict> conflicts = new ModprobeConflictFinder().find(config, desired);
        assertEquals(List.of("OVERRIDES_DISKTUNE libata force kernel command line", "OVERRIDES_DISKTUNE sata_nv adma /etc/modprobe.d/sata_nv.conf:1",
                        "BLACKLISTED sata_nv null /etc/modprobe.d/blk.conf:1", "INSTALL_COMMAND sata_nv null /etc/modprobe.d/watch.conf:1"),
                conflicts.stream().map(c -> c.kind() + " " + c.module() + " " + c.parameter() + " " + c.origin().describe()).toList());
        assertTrue(conflicts.get(1).message().contains("wins"), conflicts.get(1).message());
        write(host, "/etc/modprobe.d/sata_nv.conf", "# moved\n");
        write(host, "/etc/modprobe.d/00-old.conf", "options sata_nv adma=0\n");
        List<ModprobeConflict> later = new ModprobeConflictFinder().find(new ModprobeConfigReader(host).read(), desired);
        assertEquals(ConflictKind.OVERRIDDEN_BY_DISKTUNE, later.get(1).kind());
    }

    @Test
    void boolEquivalences() {
        assertTrue(ModuleParameterReader.sameValue(ParameterType.BOOL, "1", "Y"));
        assertTrue(ModuleParameterReader.sameValue(ParameterType.BOOL, "on", "Y"));
        assertTrue(ModuleParameterReader.sameValue(ParameterType.BOOL, null, "Y"));
        assertTrue(ModuleParameterReader.sameValue(ParameterType.BOOL, "n", "N"));
        assertFalse(ModuleParameterReader.sameValue(ParameterType.BOOL, "0", "Y"));
        assertTrue(ModuleParameterReader.sameValue(null, "1", "Y"));
        assertTrue(ModuleParameterReader.sameValue(ParameterType.INT, "01", "1"));
        assertFalse(ModuleParameterReader.sameValue(ParameterType.INT, "1", "0"));
    }
}
