package org.disktune.modprobe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RealDebianRoots.Generator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every storage module of the cached Debian 12 cloud kernel (drivers/ata, nvme, scsi, md, block) and the built-in
 * nvme_core, read by disktune and by the root's own kmod: {@code modinfo -0 -F parm} and {@code -F parmtype}, the
 * fields {@code modinfo -p} prints, NUL-separated so that descriptions with ':' or newlines cannot blur them.
 */
@Tag("debootstrap")
class RealKernelModuleParametersTest {

    @Test
    void agreesWithModinfoOnEveryStorageModuleOfTheDebianKernel() throws IOException {
        DebianRoot root = RealDebianRoots.get(Generator.INITRAMFS_TOOLS);
        Host host = new RootedHost(root.dir(), new RefusingCommandRunner("test"), new FileKernelLog(root.dir().resolve("var/log/dmesg")),
                Clock.systemUTC(), false);
        KernelModuleParameters kernel = new KernelModuleParameters(host);
        List<String> modules = new ArrayList<>();
        for (String line : Files.readAllLines(root.path("/lib/modules/" + root.kernel() + "/modules.dep"))) {
            String path = line.split(":", 2)[0];
            if (path.matches("kernel/drivers/(ata|nvme|scsi|md|block)/.*")) {
                modules.add(path.substring(path.lastIndexOf('/') + 1).replaceFirst("\\.ko(\\.(gz|xz|zst))?$", ""));
            }
        }
        modules.add("nvme_core");
        assertTrue(modules.size() > 50, modules.toString());
        int withParameters = 0;
        for (String module : modules) {
            Map<String, String> expected = modinfo(root, module);
            List<KernelModuleParameters.Declared> declared = kernel.declared(module);
            assertEquals(1, declared.size(), module + ": " + declared);
            assertEquals(expected, declared.get(0).types(), module);
            withParameters += expected.isEmpty() ? 0 : 1;
        }
        assertTrue(withParameters > 20, withParameters + " modules with parameters");
        assertEquals("ulong", kernel.declared("nvme_core").get(0).types().get("default_ps_max_latency_us"));
    }

    /** parameter -> type as kmod's modinfo in the root reads them ("" for a parm= without parmtype=). */
    private static Map<String, String> modinfo(DebianRoot root, String module) {
        Map<String, String> types = new LinkedHashMap<>();
        for (String parm : root.run("modinfo", "-k", root.kernel(), "-0", "-F", "parm", module).requireSuccess().stdout().split("\0")) {
            if (parm.indexOf(':') > 0) {
                types.putIfAbsent(ModprobeConfigParser.normalizeName(parm.substring(0, parm.indexOf(':'))), "");
            }
        }
        for (String parmtype : root.run("modinfo", "-k", root.kernel(), "-0", "-F", "parmtype", module).requireSuccess().stdout().split("\0")) {
            if (parmtype.indexOf(':') > 0) {
                types.put(ModprobeConfigParser.normalizeName(parmtype.substring(0, parmtype.indexOf(':'))), parmtype.substring(parmtype.indexOf(':') + 1));
            }
        }
        return types;
    }
}
