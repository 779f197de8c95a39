package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;

/** Boot loaders told apart by the files their distributions install. */
class BootLoaderTest {
    private static final String DEBIAN_GRUB_DEFAULT = "GRUB_DEFAULT=0\nGRUB_TIMEOUT=5\nGRUB_DISTRIBUTOR=`lsb_release -i -s 2> /dev/null || echo Debian`\n"
            + "GRUB_CMDLINE_LINUX_DEFAULT=\"quiet\"\nGRUB_CMDLINE_LINUX=\"\"\n";

    @Test
    void debianGrubWithUpdateGrub() {
        TestMachine m = TestMachine.create().file("/etc/default/grub", DEBIAN_GRUB_DEFAULT).file("/usr/sbin/update-grub", "#!/bin/sh\n")
                .file("/etc/debian_version", "12.8\n");
        BootLoader b = BootLoader.detect(m.host());
        assertEquals(BootLoader.Kind.GRUB_DEBIAN, b.kind());
        assertEquals("/usr/sbin/update-grub", b.program());
        assertEquals("grub-debian (/etc/default/grub, /usr/sbin/update-grub)", b.describe());
    }

    @Test
    void debianGrubWithoutUpdateGrubIsStillDebiansGrubWithNoProgram() {
        TestMachine m = TestMachine.create().file("/etc/default/grub", DEBIAN_GRUB_DEFAULT).file("/etc/debian_version", "12.8\n");
        BootLoader b = BootLoader.detect(m.host());
        assertEquals(BootLoader.Kind.GRUB_DEBIAN, b.kind());
        assertNull(b.program());
        assertEquals("grub-debian (/etc/default/grub, update-grub not installed)", b.describe());
    }

    @Test
    void fedoraGrubWithGrubbyIsBls() {
        TestMachine m = TestMachine.create().file("/etc/default/grub", "GRUB_ENABLE_BLSCFG=true\n").file("/usr/sbin/grubby", "")
                .dir("/boot/loader/entries");
        assertEquals(new BootLoader(BootLoader.Kind.GRUB_BLS, "/usr/sbin/grubby", "/usr/sbin/grubby"), BootLoader.detect(m.host()));
    }

    @Test
    void blsEntriesWithoutGrubby() {
        TestMachine m = TestMachine.create().file("/etc/default/grub", "GRUB_TIMEOUT=5\nGRUB_ENABLE_BLSCFG=true\n").dir("/boot/loader/entries");
        BootLoader b = BootLoader.detect(m.host());
        assertEquals(BootLoader.Kind.GRUB_BLS, b.kind());
        assertNull(b.program());
        m.file("/usr/sbin/grub2-mkconfig", "#!/bin/sh\n");
        assertEquals(new BootLoader(BootLoader.Kind.GRUB_BLS, "/etc/default/grub GRUB_ENABLE_BLSCFG=true, /boot/loader/entries, grubby not installed, "
                + "/usr/sbin/grub2-mkconfig", "/usr/sbin/grub2-mkconfig"), BootLoader.detect(m.host()));
    }

    @Test
    void systemdBootByItsLoaderConf() {
        TestMachine m = TestMachine.create().file("/efi/loader/loader.conf", "timeout 3\n").file("/usr/bin/kernel-install", "");
        assertEquals("systemd-boot (/efi/loader/loader.conf, /usr/bin/kernel-install)", BootLoader.detect(m.host()).describe());
    }

    @Test
    void archGrubWithGrubMkconfig() {
        TestMachine m = TestMachine.create().file("/etc/default/grub", "GRUB_CMDLINE_LINUX=\"\"\n").file("/usr/bin/grub-mkconfig", "");
        assertEquals("grub (/etc/default/grub, /usr/bin/grub-mkconfig)", BootLoader.detect(m.host()).describe());
    }

    @Test
    void aTreeWithoutBootFilesIsUnknown() {
        assertEquals(BootLoader.UNKNOWN, BootLoader.detect(TestMachine.create().host()));
    }
}
