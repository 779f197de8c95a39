package org.disktune.kernel;

import static org.disktune.kernel.KernelLogs.analyze;
import static org.disktune.kernel.KernelLogs.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * init's line of the arguments the kernel did not know (init/main.c print_unknown_bootoptions): the form of 5.15 and
 * 5.14.y, on a real capture (OpenWrt 24.10 on a Linksys WRT1900ACS, github.com/openwrt/openwrt issue 17291), and
 * the form 5.14.0 printed before the text was made clearer.
 */
class UnknownParametersLineTest {
    @Test
    void theArgumentsInsideTheQuotesOfARealLine() throws IOException {
        KernelBoot boot = analyze(capture()).lastBoot();
        assertEquals("earlyprintk mangled_fs=jffs2 mtdparts=armada-nand:2048K(uboot)ro,256K(u_env),256K(s_env),1m@9m(devinfo),"
                + "40m@10m(kernel),34m@16m(rootfs),40m@50m(alt_kernel),34m@56m(alt_rootfs),80m@10m(ubifs),-@90m(syscfg)",
                boot.unknownParameters());
        assertEquals("console=ttyS0,115200", boot.commandLine().split(" ")[0], "the command line is still read");
    }

    /** Kept out of /kernel, whose logs are the regex oracle's recorded inputs. */
    private static String capture() throws IOException {
        try (InputStream in = UnknownParametersLineTest.class.getResourceAsStream("/boot/unknown-parameters-openwrt-24.10-wrt1900acs.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theFirstFormOf514() {
        assertEquals("splash b\"", analyze(lines("Unknown command line parameters: splash b\"")).lastBoot().unknownParameters());
    }

    @Test
    void aBootWithoutTheLineHasNone() {
        assertNull(analyze(lines("Kernel command line: root=/dev/sda1 ro quiet")).lastBoot().unknownParameters());
    }
}
