package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * --chroot on a real Debian 12 root (the cached {@link RealDebianRoots} one; nothing in it is
 * written) when disktune itself runs with a PATH without /usr/sbin, as after su without -, or in
 * cron: chroot (in /usr/sbin here) is still found, and the program inside runs with the tree's PATH,
 * so that update-initramfs finds mkinitramfs, which Debian installs in /usr/sbin.
 */
@Tag("debootstrap")
class ChrootOnRealRootTest {
    @Test
    void programsInsideTheTreeFindItsSbinProgramsWhateverTheCallersPath() {
        DebianRoot root = RealDebianRoots.get(RealDebianRoots.Generator.INITRAMFS_TOOLS);
        ChrootCommandRunner runner = new ChrootCommandRunner(root.dir(), new ProcessCommandRunner("/usr/bin:/bin"));

        CommandResult result = runner.run(List.of("sh", "-c", "command -v mkinitramfs; command -v update-initramfs"));

        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("/usr/sbin/mkinitramfs\n/usr/sbin/update-initramfs\n", result.stdout());
        assertEquals(List.of("sh", "-c", "command -v mkinitramfs; command -v update-initramfs"), result.argv());
    }
}
