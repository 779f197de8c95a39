package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import org.disktune.host.Host;
import org.disktune.testing.GeneratorMachine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad input: one line on stderr naming the thing and the fix, the documented exit code, no
 * stack trace, no program run, and not one file, directory or journal entry changed anywhere.
 */
class ModprobeBadInputTest {
    record Case(String name, Function<GeneratorMachine, Host> host, int exit, String message, String[] args) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case of(String name, Function<GeneratorMachine, Host> host, int exit, String message, String... args) {
        return new Case(name, host, exit, message, args);
    }

    static Stream<Arguments> cases() {
        Function<GeneratorMachine, Host> plain = GeneratorMachine::host;
        return Stream.of(
                of("unknown parameter", plain, 2, "disktune: module sata_nv has no parameter 'foo'; known parameters: adma, swncq, msi",
                        "modprobe", "set", "sata_nv", "foo=1"),
                of("bool that is not one", plain, 2, "disktune: sata_nv.adma is a bool: use 1 or 0 (Y/N, y/n, on/off also work), not 'maybe'",
                        "modprobe", "set", "sata_nv", "adma=maybe"),
                of("newline in a value", plain, 2, "disktune: value of mymod opt contains a newline, which modprobe.d lines and shells "
                        + "treat specially; allowed: letters, digits and '_' '.' ',' ':' '=' '+' '-'", "modprobe", "set", "mymod", "opt=a\nb"),
                of("shell metacharacter", plain, 2, "disktune: value of mymod opt contains ';', which modprobe.d lines and shells "
                        + "treat specially; allowed: letters, digits and '_' '.' ',' ':' '=' '+' '-'", "modprobe", "set", "mymod", "opt=1;reboot"),
                of("command substitution", plain, 2, "disktune: value of mymod opt contains '$', which modprobe.d lines and shells "
                        + "treat specially; allowed: letters, digits and '_' '.' ',' ':' '=' '+' '-'", "modprobe", "set", "mymod", "opt=$(id)"),
                of("no equals sign", plain, 2, "disktune: 'adma' is not PARAM=VALUE; e.g. disktune modprobe set sata_nv adma=1",
                        "modprobe", "set", "sata_nv", "adma"),
                of("bad module name", plain, 2, "disktune: module name 'sata/nv' is not a module name; use letters, digits, '_' and '-'",
                        "modprobe", "unset", "sata/nv", "adma"),
                of("unknown kernel", plain, 2, "disktune: no kernel 9.9.9 in /lib/modules; installed: 6.1.0-17-amd64, 6.1.0-18-amd64",
                        "modprobe", "set", "sata_nv", "adma=1", "--kernel", "9.9.9"),
                of("kernel that is not a version", plain, 2, "disktune: --kernel '../x' is not a kernel version; give a directory name "
                        + "of /lib/modules, e.g. 6.1.0-18-amd64", "initramfs", "rebuild", "--kernel", "../x"),
                of("not root on the live machine", GeneratorMachine::liveUnprivileged, 4, "disktune: must run as root: disktune modprobe set "
                        + "changes files in /etc, /boot and /var/lib/disktune; run it with sudo, or add --dry-run to only see the changes",
                        "modprobe", "set", "sata_nv", "adma=1"),
                of("not root for undo", GeneratorMachine::liveUnprivileged, 4, "disktune: must run as root: disktune undo "
                        + "changes files in /etc, /boot and /var/lib/disktune; run it with sudo, or add --dry-run to only see the changes",
                        "undo"),
                of("not root for rebuild", GeneratorMachine::liveUnprivileged, 4, "disktune: must run as root: disktune initramfs rebuild "
                        + "changes files in /etc, /boot and /var/lib/disktune; run it with sudo, or add --dry-run to only see the changes",
                        "initramfs", "rebuild"),
                of("not root for tune (which has no --dry-run)", GeneratorMachine::liveUnprivileged, 4, "disktune: must run as root: "
                        + "disktune tune switches the settings of the device it sweeps (the settings before it journaled in /var/lib/disktune) and reads "
                        + "it directly; run it with sudo", "tune", "/dev/sdb"),
                of("no generator found", m -> m.delete("/usr/sbin/update-initramfs").host(), 4, "disktune: no initramfs generator found "
                        + "(looked for mkinitcpio, dracut and initramfs-tools); install your distribution's generator and run again",
                        "modprobe", "set", "sata_nv", "adma=1"),
                of("generator program missing", m -> m.file("/etc/dracut.conf", "hostonly=yes\n").delete("/usr/sbin/update-initramfs").host(),
                        4, "disktune: dracut is not installed (not in /usr/bin, /usr/sbin, /bin or /sbin) although its configuration is; "
                                + "install the dracut package", "modprobe", "set", "sata_nv", "adma=1"),
                of("generator not runnable", m -> m.host(GeneratorMachine.nothingInstalled()), 4, "disktune: will not run update-initramfs "
                        + "on a --root or --sample machine: it would rebuild this machine's initramfs, not the tree's; add --dry-run to "
                        + "see the changes", "modprobe", "set", "sata_nv", "adma=1"),
                of("broken disktune.conf", m -> m.file("/etc/modprobe.d/disktune.conf", "install sata_nv /bin/true\n").host(), 2,
                        "disktune: /etc/modprobe.d/disktune.conf line 1 ('install sata_nv /bin/true'): only 'options MODULE PARAM=VALUE ...' "
                                + "lines belong here; remove the line and use `disktune modprobe set` instead",
                        "modprobe", "set", "sata_nv", "adma=1"))
                .map(Arguments::of);
    }

    /** Bad mkinitcpio configurations, on an Arch machine. */
    static Stream<Arguments> archCases() {
        String namingConfig = "ALL_config=\"/etc/mkinitcpio.conf\"\nALL_kver=\"/boot/vmlinuz-linux\"\nPRESETS=('default')\n"
                + "default_image=\"/boot/initramfs-linux.img\"\n";
        return Stream.of(
                of("preset naming a missing kernel", m -> m.file("/etc/mkinitcpio.d/linux.preset", "ALL_kver=\"/boot/vmlinuz-linux-gone\"\n"
                        + "PRESETS=('default' 'fallback')\ndefault_image=\"/boot/initramfs-linux.img\"\n").host(), 2,
                        "disktune: /etc/mkinitcpio.d/linux.preset: ALL_kver names /boot/vmlinuz-linux-gone, which is not installed (no such "
                                + "kernel image); point it at an installed kernel or remove the preset, and run again",
                        "modprobe", "set", "sata_nv", "adma=1"),
                of("preset naming a missing kernel version", m -> m.file("/etc/mkinitcpio.d/linux.preset", "ALL_kver=\"/boot/vmlinuz-linux\"\n"
                        + "PRESETS=('default' 'fallback')\nfallback_kver=6.0.0-gone\ndefault_image=\"/boot/initramfs-linux.img\"\n").host(), 2,
                        "disktune: /etc/mkinitcpio.d/linux.preset: fallback_kver names 6.0.0-gone, which is not installed (no "
                                + "/lib/modules/6.0.0-gone); point it at an installed kernel or remove the preset, and run again",
                        "initramfs", "rebuild"),
                of("FILES set twice", m -> m.file("/etc/mkinitcpio.d/linux.preset", namingConfig)
                        .file("/etc/mkinitcpio.conf", "MODULES=()\nFILES=(/etc/a)\nHOOKS=(base udev)\nFILES=(/etc/b)\n").host(), 2,
                        "disktune: /etc/mkinitcpio.conf sets FILES 2 times (lines 2, 4), and only the last counts; keep one FILES line and "
                                + "run again", "modprobe", "set", "sata_nv", "adma=1"))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isOneLineWithItsExitCodeAndChangesNothing(Case c) {
        check(c, GeneratorMachine.debian());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archCases")
    void badMkinitcpioConfigurationIsOneLineWithItsExitCodeAndChangesNothing(Case c) {
        check(c, GeneratorMachine.arch());
    }

    private static void check(Case c, GeneratorMachine m) {
        Host host = c.host().apply(m);
        List<String> before = m.snapshot();
        CliRun run = CliRun.run(o -> host, c.args());
        assertEquals(c.exit(), run.exitCode(), run.err());
        assertEquals(List.of(c.message()), run.err().lines().toList());
        assertFalse(run.err().contains("Exception"), run.err());
        assertEquals("", run.out());
        assertEquals(before, m.snapshot(), "no file changed");
        assertTrue(m.calls().isEmpty(), "no program ran: " + m.calls());
    }
}
