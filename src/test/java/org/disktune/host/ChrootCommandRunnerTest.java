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
    @Test
    void runsTheProgramInsideTheTreeAndReportsItsOwnArgv(@TempDir Path root) {
        RecordingCommandRunner outside = new RecordingCommandRunner()
                .exits(List.of("chroot", root.toString(), "update-initramfs", "-u", "-k", "6.1.0-57-amd64"), 0, "done\n", "");
        CommandResult result = new ChrootCommandRunner(root, outside).run(List.of("update-initramfs", "-u", "-k", "6.1.0-57-amd64"));
        assertEquals(List.of(List.of("chroot", root.toString(), "update-initramfs", "-u", "-k", "6.1.0-57-amd64")), outside.calls());
        assertEquals(List.of("update-initramfs", "-u", "-k", "6.1.0-57-amd64"), result.argv());
        assertEquals("done\n", result.stdout());
    }

    @Test
    void findsProgramsOnTheTreesPathNotThisMachines(@TempDir Path root) throws Exception {
        Path sbin = Files.createDirectories(root.resolve("usr/sbin"));
        Path tool = Files.writeString(sbin.resolve("update-initramfs"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        ChrootCommandRunner runner = new ChrootCommandRunner(root, new RecordingCommandRunner());
        assertTrue(runner.available("update-initramfs"));
        assertTrue(runner.available("/usr/sbin/update-initramfs"));
        assertFalse(runner.available("dracut"), "not in the tree, whatever this machine has");
        assertFalse(new ChrootCommandRunner(root, new RecordingCommandRunner().without("chroot")).available("update-initramfs"),
                "no chroot program: nothing can run inside");
    }
}
