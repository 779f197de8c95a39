package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code systemd-analyze verify} passes on units/*.service and units/*.timer with no message at all. It runs
 * with {@code --root} on a temporary tree that holds a copy of this machine's /usr/lib/systemd/system (the
 * targets our units name), the units in etc/systemd/system and an executable usr/sbin/disktune (verify
 * checks that ExecStart's program exists), so nothing is installed on this machine; {@code --man=no} since
 * the man pages are not installed here. The units inside the jar are the files of units/.
 */
class SystemdUnitsTest {
    private static final Path ANALYZE = Path.of("/usr/bin/systemd-analyze");
    private static final Path UNITS = Path.of("units");

    private static List<Path> unitFiles() throws IOException {
        try (Stream<Path> s = Files.list(UNITS)) {
            return s.filter(p -> p.toString().endsWith(".service") || p.toString().endsWith(".timer")).sorted().toList();
        }
    }

    @Test
    void systemdAnalyzeVerifyPassesWithoutAWord(@TempDir Path root) throws IOException, InterruptedException {
        assertTrue(Files.isExecutable(ANALYZE), ANALYZE + " is missing: apt-get install systemd");
        Path vendor = Path.of("/usr/lib/systemd/system");
        assertTrue(Files.isRegularFile(vendor.resolve("multi-user.target")), vendor + " lacks multi-user.target: apt-get install systemd");
        Path vendorCopy = Files.createDirectories(root.resolve("usr/lib/systemd/system"));
        try (Stream<Path> s = Files.list(vendor)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Files.copy(p, vendorCopy.resolve(p.getFileName().toString()));
            }
        }
        Path program = Files.createDirectories(root.resolve("usr/sbin")).resolve("disktune");
        Files.writeString(program, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path etc = Files.createDirectories(root.resolve("etc/systemd/system"));
        List<String> command = new ArrayList<>(List.of(ANALYZE.toString(), "verify", "--root=" + root, "--man=no"));
        List<Path> units = unitFiles();
        assertEquals(List.of("disktune-verify.service", "disktune-verify.timer", "disktune.service"),
                units.stream().map(p -> p.getFileName().toString()).toList());
        for (Path unit : units) {
            Files.copy(unit, etc.resolve(unit.getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
            command.add(unit.getFileName().toString());
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "systemd-analyze verify did not finish");
        assertEquals("", output, String.join(" ", command));
        assertEquals(0, process.exitValue(), output);
    }

    @Test
    void theJarShipsTheFilesOfUnits() throws IOException {
        for (Path unit : unitFiles()) {
            assertArrayEquals(Files.readAllBytes(unit), Units.shipped(unit.getFileName().toString()), unit.toString());
        }
        assertEquals(List.of("multi-user.target"), Units.wantedBy("disktune.service"));
        assertEquals(List.of("timers.target"), Units.wantedBy("disktune-verify.timer"));
        assertEquals(List.of(), Units.wantedBy("disktune-verify.service"));
    }

    @Test
    void theBootUnitRunsApplyBootWithATimeoutAndWithoutUdevSettle() throws IOException {
        String boot = Files.readString(UNITS.resolve("disktune.service"));
        assertTrue(boot.contains("\nExecStart=/usr/sbin/disktune apply --boot\n"), boot);
        assertTrue(boot.contains("\nType=oneshot\n") && boot.contains("\nRemainAfterExit=yes\n") && boot.contains("\nTimeoutStartSec="), boot);
        assertTrue(boot.contains("\nConditionPathExists=/etc/disktune/disktune.conf\n"), boot);
        assertTrue(boot.contains("\nAfter=systemd-udev-trigger.service local-fs.target\n"), boot);
        assertTrue(boot.lines().filter(l -> !l.startsWith("#")).noneMatch(l -> l.contains("udev-settle")), boot);
        for (String namespaced : List.of("ProtectSystem=", "ProtectHome=", "PrivateTmp=", "PrivateDevices=", "ProtectKernelTunables=",
                "MemoryDenyWriteExecute=", "PrivateMounts=")) {
            assertTrue(boot.lines().noneMatch(l -> l.startsWith(namespaced)), namespaced + " would break apply");
        }
        String verify = Files.readString(UNITS.resolve("disktune-verify.service"));
        assertTrue(verify.contains("\nExecStart=/usr/sbin/disktune verify --quiet --prometheus /var/lib/prometheus/node-exporter/disktune.prom\n") && verify.contains("\nSuccessExitStatus=3\n"), verify);
        String timer = Files.readString(UNITS.resolve("disktune-verify.timer"));
        assertTrue(timer.contains("\nOnCalendar=daily\n") && timer.contains("\nPersistent=true\n") && timer.contains("\nRandomizedDelaySec="),
                timer);
    }
}
