package org.disktune.modprobe;

import static org.disktune.modprobe.TestHosts.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.disktune.host.Host;
import org.junit.jupiter.api.Test;

class ModprobeConfigReaderTest {

    @Test
    void kmodOrderPrecedenceAndCommandLine() {
        Host host = TestHosts.jimfs();
        write(host, "/usr/bin/kmod", "");
        write(host, "/etc/modprobe.d/sata.conf", "options sata_nv adma=0\n");
        write(host, "/lib/modprobe.d/sata.conf", "options sata_nv adma=9\n");
        write(host, "/usr/lib/modprobe.d/10-sata.conf", "options sata-nv adma=1 swncq=0\n");
        write(host, "/run/modprobe.d/zz.conf", "blacklist sata_nv\n");
        write(host, "/etc/modprobe.d/sata_nv", "options sata_nv msi=1\n");
        write(host, "/etc/modprobe.d/.hidden.conf", "options sata_nv msi=1\n");
        write(host, "/etc/modprobe.conf", "options sata_nv adma=1\n");
        write(host, "/proc/cmdline", "root=/dev/sda1 sata_nv.adma=1\n");
        ModprobeConfig config = new ModprobeConfigReader(host).read();

        assertEquals(List.of(
                new ModprobeConfigFile("/etc/modprobe.conf", ConfigFileStatus.LEGACY_NOT_READ, null),
                new ModprobeConfigFile("/etc/modprobe.d/sata_nv", ConfigFileStatus.NOT_CONF_IGNORED, null),
                new ModprobeConfigFile("/lib/modprobe.d/sata.conf", ConfigFileStatus.HIDDEN, "/etc/modprobe.d/sata.conf"),
                new ModprobeConfigFile("/usr/lib/modprobe.d/10-sata.conf", ConfigFileStatus.READ, null),
                new ModprobeConfigFile("/etc/modprobe.d/sata.conf", ConfigFileStatus.READ, null),
                new ModprobeConfigFile("/run/modprobe.d/zz.conf", ConfigFileStatus.READ, null)), config.files());
        assertEquals(List.of("1@/usr/lib/modprobe.d/10-sata.conf:1", "0@/etc/modprobe.d/sata.conf:1", "1@kernel command line"),
                config.optionsFor("sata_nv").stream().filter(o -> o.parameter().equals("adma"))
                        .map(o -> o.value() + "@" + o.origin().describe()).toList());
        assertEquals("kernel command line", config.effective("sata-nv", "adma").orElseThrow().origin().describe());
        assertEquals(1, config.directives(DirectiveKind.BLACKLIST, "sata_nv").size());
    }

    @Test
    void withoutKmodTheLegacyFileAndNonConfNamesAreRead() {
        Host host = TestHosts.jimfs();
        write(host, "/etc/modprobe.conf", "options sata_nv adma=0\n");
        write(host, "/etc/modprobe.d/sata_nv", "options sata_nv adma=1\n");
        ModprobeConfig config = new ModprobeConfigReader(host).read();
        assertEquals(List.of(ConfigFileStatus.READ, ConfigFileStatus.READ), config.files().stream().map(ModprobeConfigFile::status).toList());
        assertEquals("1", config.effective("sata_nv", "adma").orElseThrow().value());
        assertEquals("/etc/modprobe.d/sata_nv", config.effective("sata_nv", "adma").orElseThrow().origin().source());
    }
}
