package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChrootCommandRunnerTest {
    private static final String TREE_PATH = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    /** With the tree's PATH, whatever the caller's: update-initramfs is in /usr/sbin and runs mkinitramfs by name. */
    @Test
    void runsTheProgramInsideTheTreeWithTheTreesPathAndReportsItsOwnArgv(@TempDir Path root) {
        List<String> chrooted = List.of("chroot", root.toString(), "/usr/bin/env", TREE_PATH, "update-initramfs", "-u", "-k", "6.1.0-57-amd64");
        RecordingCommandRunner outside = new RecordingCommandRunner().exits(chrooted, 0, "done\n", "");
        CommandResult result = new ChrootCommandRunner(root, outside).run(List.of("update-initramfs", "-u", "-k", "6.1.0-57-amd64"));
        assertEquals(List.of(chrooted), outside.calls());
        assertEquals(List.of("update-initramfs", "-u", "-k", "6.1.0-57-amd64"), result.argv());
        assertEquals("done\n", result.stdout());
    }

    @Test
    void findsProgramsOnTheTreesPathNotThisMachines(@TempDir Path root) throws Exception {
        Path sbin = Files.createDirectories(root.resolve("usr/sbin"));
        Path tool = Files.writeString(sbin.resolve("update-initramfs"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        ChrootCommandRunner runner = new ChrootCommandRunner(root, new RecordingCommandRunner());
        assertFalse(runner.available("update-initramfs"), "no /usr/bin/env in the tree: nothing can run with its PATH");
        Path env = Files.writeString(Files.createDirectories(root.resolve("usr/bin")).resolve("env"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(env, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertTrue(runner.available("update-initramfs"));
        assertTrue(runner.available("/usr/sbin/update-initramfs"));
        assertFalse(runner.available("dracut"), "not in the tree, whatever this machine has");
        assertFalse(new ChrootCommandRunner(root, new RecordingCommandRunner().without("chroot")).available("update-initramfs"),
                "no chroot program: nothing can run inside");
    }
}
