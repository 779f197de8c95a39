package org.disktune.initramfs.rebuild;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.initramfs.ImageContentVerifier;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An image the generator just wrote holds disktune's file, and the kernel can unpack all of it. */
class InitramfsPostconditionCheckerTest {
    private static final String OPTIONS = "options sata_nv adma=1\n";

    @TempDir
    Path root;

    @Test
    void aRebuiltImageTheKernelStopsUnpackingPartWayIsAProblemEvenWithTheFileInside() throws IOException {
        Files.createDirectories(root.resolve("etc/modprobe.d"));
        Files.createDirectories(root.resolve("boot"));
        Files.writeString(root.resolve("etc/modprobe.d/disktune.conf"), OPTIONS);
        Host host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                Clock.systemUTC(), true);
        byte[] good = GeneratorMachine.image(Map.of("etc/modprobe.d/disktune.conf", OPTIONS, "init", "#!/bin/sh\n"));
        Path image = Files.write(root.resolve("boot/initrd.img"), good);
        List<String> argv = List.of("update-initramfs", "-u");
        assertEquals(Optional.empty(), InitramfsPostconditionChecker.imageProblem(host, "/boot/initrd.img", ImageContentVerifier.OWN_FILES, argv));

        Files.write(image, "GARBAGE!".getBytes(StandardCharsets.US_ASCII), StandardOpenOption.APPEND);
        String problem = InitramfsPostconditionChecker.imageProblem(host, "/boot/initrd.img", ImageContentVerifier.OWN_FILES, argv)
                .orElseThrow();
        assertTrue(problem.startsWith("the kernel stops unpacking /boot/initrd.img at offset " + good.length + " (archive "), problem);
        assertTrue(problem.contains("; lost at boot: 8 of the image's " + (good.length + 8) + " bytes"), problem);
    }
}
