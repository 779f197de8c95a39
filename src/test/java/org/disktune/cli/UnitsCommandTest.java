package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

import org.disktune.host.CommandRunner;
import org.disktune.host.Host;
import org.disktune.host.LiveTree;
import org.disktune.host.RecordingCommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** disktune units install|remove on a temporary --root tree and on a fake live machine whose programs are recorded. */
class UnitsCommandTest {
    private static final List<String> UNITS = List.of("disktune.service", "disktune-verify.service", "disktune-verify.timer");
    private static final String ETC = "etc/systemd/system/";

    private static byte[] shipped(String name) throws IOException {
        return Files.readAllBytes(Path.of("units", name));
    }

    /** The tree as the live machine (programs go to {@code runner}), run by root or not. */
    private static Host live(Path root, CommandRunner runner, boolean privileged) {
        return new LiveTree(root, () -> {
            throw new IllegalStateException("no kernel log");
        }, runner, privileged);
    }

    @Test
    void underRootInstallWritesTheFilesOnlyAndUndoTakesThemAway(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("etc"));
        CliRun dry = CliRun.run("--root", root.toString(), "units", "install", "--dry-run");
        assertEquals(0, dry.exitCode(), dry.err());
        assertTrue(dry.out().startsWith("# install disktune.service from disktune's units\n--- /dev/null\n+++ b/etc/systemd/system/disktune.service\n"),
                dry.out());
        assertTrue(dry.out().contains("+ExecStart=/usr/sbin/disktune apply --boot\n"), dry.out());
        assertFalse(dry.out().contains("$ systemctl"), dry.out());
        assertTrue(dry.out().contains("\ndry run: nothing was changed\n"), dry.out());
        assertTrue(dry.out().contains("\nwarning: /usr/sbin/disktune does not exist, and the units run it: install disktune there"), dry.out());
        assertTrue(dry.out().endsWith("note: not the running system: enable the units on the target with: systemctl enable disktune.service "
                + "disktune-verify.timer (or from here: systemctl --root=DIR enable disktune.service disktune-verify.timer)\n"), dry.out());
        assertFalse(Files.exists(root.resolve(ETC)), "a dry run writes nothing");

        Files.createDirectories(root.resolve("usr/sbin"));
        Files.writeString(root.resolve("usr/sbin/disktune"), "#!/bin/sh\n");
        CliRun install = CliRun.run("--root", root.toString(), "units", "install");
        assertEquals(0, install.exitCode(), install.err());
        assertTrue(install.out().contains("\ninstalled: journal "), install.out());
        assertFalse(install.out().contains("warning:"), install.out());
        for (String unit : UNITS) {
            assertArrayEquals(shipped(unit), Files.readAllBytes(root.resolve(ETC + unit)), unit);
        }

        CliRun again = CliRun.run("--root", root.toString(), "units", "install");
        assertEquals(0, again.exitCode(), again.err());
        assertTrue(again.out().startsWith("nothing to change: disktune's units are in place\n"), again.out());

        CliRun undo = CliRun.run("--root", root.toString(), "undo");
        assertEquals(0, undo.exitCode(), undo.err()); // unit files need no reboot: exit 3 is for images and boot files
        for (String unit : UNITS) {
            assertFalse(Files.exists(root.resolve(ETC + unit)), unit + " is still there after undo");
        }
    }

    @Test
    void underRootRemoveDeletesTheFilesAndNamesTheLinksThatStay(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve(ETC + "multi-user.target.wants"));
        for (String unit : UNITS) {
            Files.write(root.resolve(ETC + unit), shipped(unit));
        }
        Files.createSymbolicLink(root.resolve(ETC + "multi-user.target.wants/disktune.service"), Path.of("/etc/systemd/system/disktune.service"));
        CliRun remove = CliRun.run("--root", root.toString(), "units", "remove");
        assertEquals(0, remove.exitCode(), remove.err());
        assertTrue(remove.out().startsWith("# remove disktune.service\n--- a/etc/systemd/system/disktune.service\n+++ /dev/null\n"), remove.out());
        assertTrue(remove.out().endsWith("note: not the running system: the links of disktune.service stay; remove them with: "
                + "systemctl --root=DIR disable disktune.service\n"), remove.out());
        for (String unit : UNITS) {
            assertFalse(Files.exists(root.resolve(ETC + unit)), unit);
        }
        CliRun undo = CliRun.run("--root", root.toString(), "undo");
        assertEquals(0, undo.exitCode(), undo.err()); // unit files need no reboot: exit 3 is for images and boot files
        assertArrayEquals(shipped("disktune.service"), Files.readAllBytes(root.resolve(ETC + "disktune.service")));
    }

    /** A systemctl whose {@code enable} of the two units makes their links in wants and timers, as systemctl does. */
    private static RecordingCommandRunner fakeEnable(Path wants, Path timers) {
        return new RecordingCommandRunner()
                .on(List.of("systemctl", "enable", "disktune.service", "disktune-verify.timer"), argv -> {
                    Files.createDirectories(wants);
                    Files.createDirectories(timers);
                    Files.createSymbolicLink(wants.resolve("disktune.service"), Path.of("/etc/systemd/system/disktune.service"));
                    Files.createSymbolicLink(timers.resolve("disktune-verify.timer"), Path.of("/etc/systemd/system/disktune-verify.timer"));
                    return new org.disktune.host.CommandResult(argv, 0, "", "");
                });
    }

    @Test
    void liveInstallReloadsEnablesAndStartsTheTimerThenRemoveDisablesDeletesAndReloads(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("run/systemd/system")); // booted with systemd (sd_booted)
        Files.createDirectories(root.resolve("usr/sbin"));
        Files.writeString(root.resolve("usr/sbin/disktune"), "#!/bin/sh\n");
        Path wants = root.resolve(ETC + "multi-user.target.wants");
        Path timers = root.resolve(ETC + "timers.target.wants");
        RecordingCommandRunner systemctl = fakeEnable(wants, timers)
                .on(List.of("systemctl", "disable", "--now", "disktune.service", "disktune-verify.timer"), argv -> {
                    Files.delete(wants.resolve("disktune.service"));
                    Files.delete(timers.resolve("disktune-verify.timer"));
                    return new org.disktune.host.CommandResult(argv, 0, "", "");
                });
        Host host = live(root, systemctl, true);

        CliRun install = CliRun.run(o -> host, "units", "install");
        assertEquals(0, install.exitCode(), install.err());
        assertEquals(List.of(List.of("systemctl", "daemon-reload"), List.of("systemctl", "enable", "disktune.service", "disktune-verify.timer"),
                List.of("systemctl", "start", "disktune-verify.timer")), systemctl.calls());
        assertTrue(install.out().contains("# apply at every boot (disktune.service) and verify daily (disktune-verify.timer)\n"
                + "$ systemctl enable disktune.service disktune-verify.timer\n"), install.out());
        for (String unit : UNITS) {
            assertArrayEquals(shipped(unit), Files.readAllBytes(root.resolve(ETC + unit)), unit);
        }

        CliRun again = CliRun.run(o -> host, "units", "install");
        assertTrue(again.out().startsWith("nothing to change"), again.out());
        assertEquals(3, systemctl.calls().size(), "a second install runs nothing");

        CliRun remove = CliRun.run(o -> host, "units", "remove");
        assertEquals(0, remove.exitCode(), remove.err());
        assertEquals(List.of(List.of("systemctl", "disable", "--now", "disktune.service", "disktune-verify.timer"),
                List.of("systemctl", "daemon-reload")), systemctl.calls().subList(3, 5));
        for (String unit : UNITS) {
            assertFalse(Files.exists(root.resolve(ETC + unit), LinkOption.NOFOLLOW_LINKS), unit);
        }
    }

    @Test
    void unitsOfAPackageAreOnlyEnabled(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("run/systemd/system"));
        Files.createDirectories(root.resolve("usr/lib/systemd/system"));
        for (String unit : UNITS) {
            Files.write(root.resolve("usr/lib/systemd/system/" + unit), shipped(unit));
        }
        RecordingCommandRunner systemctl = new RecordingCommandRunner();
        CliRun install = CliRun.run(o -> live(root, systemctl, true), "units", "install");
        assertEquals(0, install.exitCode(), install.err());
        assertEquals(List.of(List.of("systemctl", "enable", "disktune.service", "disktune-verify.timer"),
                List.of("systemctl", "start", "disktune-verify.timer")), systemctl.calls());
        assertFalse(Files.exists(root.resolve(ETC + "disktune.service")));
        assertTrue(install.out().contains("note: disktune.service is installed by a package in /usr/lib/systemd/system; only enabling it\n"),
                install.out());
    }

    @Test
    void changingTheLiveMachineNeedsRoot(@TempDir Path root) {
        RecordingCommandRunner systemctl = new RecordingCommandRunner();
        CliRun install = CliRun.run(o -> live(root, systemctl, false), "units", "install");
        assertEquals(4, install.exitCode(), install.out());
        assertTrue(install.err().contains("must run as root: disktune units install"), install.err());
        assertEquals(List.of(), systemctl.calls());
        assertFalse(Files.exists(root.resolve(ETC)));
    }
    /**
     * In a chroot or an image being built (a package installed there) systemd does not run: no /run/systemd/system.
     * systemctl enable works on the files there, daemon-reload and start would fail (and a failed start left the
     * enable links behind after the rollback of the files): only enable runs, and remove disables without --now.
     */
    @Test
    void withoutSystemdRunningOnlyEnableRunsAndRemoveDisablesWithoutNow(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("usr/sbin"));
        Files.writeString(root.resolve("usr/sbin/disktune"), "#!/bin/sh\n");
        Path wants = root.resolve(ETC + "multi-user.target.wants");
        Path timers = root.resolve(ETC + "timers.target.wants");
        RecordingCommandRunner systemctl = fakeEnable(wants, timers);
        Host host = live(root, systemctl, true);
        CliRun install = CliRun.run(o -> host, "units", "install");
        assertEquals(0, install.exitCode(), install.out() + install.err());
        assertEquals(List.of(List.of("systemctl", "enable", "disktune.service", "disktune-verify.timer")), systemctl.calls());
        assertTrue(install.out().contains("note: systemd does not run this system (no /run/systemd/system: a chroot or an image): "
                + "the units are enabled and start at its next boot"), install.out());

        CliRun remove = CliRun.run(o -> host, "units", "remove");
        assertEquals(List.of("systemctl", "disable", "disktune.service", "disktune-verify.timer"), systemctl.calls().get(1), remove.out());
        assertEquals(2, systemctl.calls().size(), "no daemon-reload without systemd");
    }
}
