package org.disktune.initramfs.config;

import static org.disktune.modprobe.TestHosts.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.host.Host;
import org.disktune.modprobe.TestHosts;
import org.junit.jupiter.api.Test;

class GeneratorDetectionTest {
    private final MkinitcpioPresetParser presets = new MkinitcpioPresetParser();

    private MkinitcpioPreset preset(String file, Map<String, String> sourced) {
        Path p = ConfigFixtures.dir("mkinitcpio/presets").resolve(file);
        return presets.parse("x", file, ConfigFixtures.read(p), f -> Optional.ofNullable(sourced.get(f)));
    }

    @Test
    void realPresetsOfEveryEra() {
        for (Path p : ConfigFixtures.files("mkinitcpio/presets")) {
            presets.parse("x", p.toString(), ConfigFixtures.read(p), f -> Optional.empty());
        }
        MkinitcpioPreset zen = preset("kernel26-zen.preset.linux-zen-2011.preset",
                Map.of("/etc/mkinitcpio.d/kernel26-zen.kver", "ALL_kver=2.6.37-zen\n"));
        assertEquals(List.of("default", "fallback"), zen.presets());
        assertEquals("2.6.37-zen", zen.kver("fallback"));
        assertEquals("/boot/kernel26-zen-fallback.img", zen.images().get("fallback"));
        assertEquals(List.of("/etc/mkinitcpio.d/kernel26-zen.kver"), zen.sourced());
        assertTrue(zen.namesConfig());
        MkinitcpioPreset old = preset("example.preset.da24b32-2006.preset", Map.of());
        assertEquals(List.of("default", "fallback"), old.presets());
        assertEquals("2.6.18-ARCH", old.kver("default"));
        assertEquals("/tmp/kernel26.img", old.images().get("default"));
        MkinitcpioPreset esp = preset("linux.preset.guennoV-user.preset", Map.of());
        assertEquals("/boot/efi/EFI/ArchLinux/initramfs-linux.img", esp.images().get("default"));
        assertEquals("/boot/vmlinuz-linux", esp.allKver());
        MkinitcpioPreset hook = preset("hook.preset.v41.preset", Map.of());
        assertEquals(List.of("default"), hook.presets());
        assertFalse(hook.namesConfig());
    }

    @Test
    void dracutOrderHostonlyAndInstallItemsOfRealFiles() {
        List<Map.Entry<String, byte[]>> files = new ArrayList<>();
        for (String f : List.of("dracut.conf.059-4.debian12-installed.conf", "dracut.conf.d/dracut-ng-112.debian.01-debian.conf",
                "dracut.conf.d/fedora.conf.example.024.conf")) {
            files.add(Map.entry(f, ConfigFixtures.read(ConfigFixtures.dir("dracut").resolve(f))));
        }
        DracutConf debian = DracutConfReader.evaluate(files.subList(0, 2));
        assertNull(debian.hostOnly());
        assertFalse(debian.copiesModprobeD());
        assertEquals("initrd.img-${kernel}", debian.initrdName());
        files.add(Map.entry("/etc/dracut.conf.d/disktune.conf", new DropInRenderer().dracut("/etc/modprobe.d/disktune.conf")));
        DracutConf all = DracutConfReader.evaluate(files);
        assertTrue(all.installItems().containsAll(List.of("vi", "/etc/virc", "/etc/modprobe.d/disktune.conf")), all.installItems().toString());
        files.add(Map.entry("zz.conf", "install_items=\"/usr/bin/find\"\nhostonly=\"yes\"\n".getBytes()));
        DracutConf wiped = DracutConfReader.evaluate(files);
        assertFalse(wiped.installs("/etc/modprobe.d/disktune.conf"));
        assertTrue(wiped.copiesModprobeD());
        for (Path p : ConfigFixtures.files("dracut")) {
            DracutConfReader.evaluate(List.of(Map.entry(p.toString(), ConfigFixtures.read(p))));
        }
    }

    @Test
    void archHostWithPresetAndDropInSupport() {
        Host host = TestHosts.jimfs();
        write(host, "/usr/bin/mkinitcpio", "#!/bin/bash\ndeclare -r version='39.2'\n");
        write(host, "/etc/mkinitcpio.conf", ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio").resolve("mkinitcpio.conf.v39.conf")));
        write(host, "/etc/mkinitcpio.d/linux.preset", "ALL_kver=\"/boot/vmlinuz-linux\"\nPRESETS=('default')\ndefault_image=\"/boot/initramfs-linux.img\"\n");
        write(host, "/usr/lib/modules/6.9.7-arch1-1/pkgbase", "linux\n");
        write(host, "/boot/vmlinuz-linux", "k");
        write(host, "/boot/initramfs-linux.img", "i");
        GeneratorDetection d = new InitramfsGeneratorDetector(host).detect();
        DetectedGenerator g = d.primary().orElseThrow();
        assertEquals(GeneratorKind.MKINITCPIO, g.kind());
        assertEquals("39.2", g.version());
        assertEquals(List.of(new InstalledKernel("6.9.7-arch1-1", "/boot/vmlinuz-linux", List.of("/boot/initramfs-linux.img"), "linux")), d.kernels());
        assertEquals(List.of("mkinitcpio", "-p", "linux"), g.rebuildCommand(d.kernels().get(0)));
        assertTrue(g.copiesModprobeD(), "v39 default HOOKS has modconf");
        assertEquals(List.of("/boot/initramfs-linux.img"), d.images());
        assertEquals(MkinitcpioPlacement.Target.DROP_IN, MkinitcpioPlacement.choose(g.majorVersion(), g.mkinitcpioConf(), g.presets()).target());
    }

    /** The v41 example writes a UKI and an image per preset; mkinitcpio -p rewrites all four. */
    @Test
    void presetOutputsAreEveryUkiAndImage() {
        MkinitcpioPreset example = preset("example.preset.v41.preset", Map.of());
        assertEquals(List.of("/efi/EFI/Linux/arch-linux.efi", "/tmp/initramfs-linux.img", "/efi/EFI/Linux/arch-linux-fallback.efi",
                "/tmp/initramfs-linux-fallback.img"), example.outputs());
        MkinitcpioPreset old = presets.parse("x", "x.preset", "PRESETS=('default')\ndefault_efi_image='/efi/old.efi'\n".getBytes(),
                f -> Optional.empty());
        assertEquals(List.of("/efi/old.efi"), old.outputs(), "PRESET_efi_image, the name before v31");
        MkinitcpioPreset both = presets.parse("x", "x.preset",
                "PRESETS=('default')\ndefault_uki=''\ndefault_efi_image='/efi/old.efi'\ndefault_image=/boot/i.img\n".getBytes(),
                f -> Optional.empty());
        assertEquals(List.of("/boot/i.img"), both.outputs(), "an empty PRESET_uki wins over PRESET_efi_image, as in mkinitcpio");
    }

    /**
     * A preset that names its kernel by image path (as Debian's /boot/vmlinuz-VERSION, without a pkgbase file):
     * every image it writes, fallback and UKI included, belongs to that kernel, so verify checks each.
     */
    @Test
    void presetNamingTheKernelImageGivesTheKernelEveryImage() {
        Host host = TestHosts.jimfs();
        write(host, "/usr/bin/mkinitcpio", "#!/bin/bash\ndeclare -r version=39.2\n");
        write(host, "/etc/mkinitcpio.conf", "HOOKS=(base)\nFILES=()\n");
        write(host, "/etc/mkinitcpio.d/debian.preset", "PRESETS=('default' 'fallback')\nALL_kver='/boot/vmlinuz-6.1.0-57-cloud-amd64'\n"
                + "default_image='/boot/initramfs-6.1.0-57-cloud-amd64.img'\ndefault_uki='/boot/efi/EFI/Linux/debian.efi'\n"
                + "fallback_image='/boot/initramfs-6.1.0-57-cloud-amd64-fallback.img'\n");
        write(host, "/usr/lib/modules/6.1.0-57-cloud-amd64/modules.dep", "");
        write(host, "/boot/vmlinuz-6.1.0-57-cloud-amd64", "k");
        for (String image : List.of("/boot/initramfs-6.1.0-57-cloud-amd64.img", "/boot/efi/EFI/Linux/debian.efi",
                "/boot/initramfs-6.1.0-57-cloud-amd64-fallback.img")) {
            write(host, image, "i");
        }
        GeneratorDetection d = new InitramfsGeneratorDetector(host).detect();
        assertEquals(List.of("/boot/initramfs-6.1.0-57-cloud-amd64.img", "/boot/efi/EFI/Linux/debian.efi",
                "/boot/initramfs-6.1.0-57-cloud-amd64-fallback.img"), d.kernels().get(0).initramfsImages());
        assertEquals(List.of("mkinitcpio", "-p", "debian"), d.primary().orElseThrow().rebuildCommand(d.kernels().get(0)));
    }

    @Test
    void seedHostOf2009UsesTheMainFile() {
        Host host = TestHosts.jimfs();
        write(host, "/sbin/mkinitcpio", "#!/bin/bash\n");
        write(host, "/etc/mkinitcpio.conf", ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio").resolve("mkinitcpio.conf.0.5.18.conf")));
        write(host, "/etc/mkinitcpio.d/kernel26.preset", ConfigFixtures.read(ConfigFixtures.dir("mkinitcpio/presets").resolve("kernel26-zen.preset.linux-zen-2011.preset")));
        write(host, "/etc/mkinitcpio.d/kernel26-zen.kver", "ALL_kver=2.6.28-ARCH\n");
        write(host, "/lib/modules/2.6.28-ARCH/modules.dep", "");
        write(host, "/boot/kernel26-zen.img", "i");
        GeneratorDetection d = new InitramfsGeneratorDetector(host).detect();
        DetectedGenerator g = d.primary().orElseThrow();
        assertNull(g.version());
        assertFalse(g.copiesModprobeD());
        assertEquals(List.of("mkinitcpio", "-p", "kernel26"), g.rebuildCommand(d.kernels().get(0)));
        assertEquals(List.of("/boot/kernel26-zen.img"), d.kernels().get(0).initramfsImages());
        assertEquals(MkinitcpioPlacement.Target.MAIN_CONFIG, MkinitcpioPlacement.choose(g.majorVersion(), g.mkinitcpioConf(), g.presets()).target());
    }

    @Test
    void debianHosts() {
        Host host = TestHosts.jimfs();
        write(host, "/usr/sbin/update-initramfs", "#!/bin/sh\n");
        write(host, "/etc/initramfs-tools/initramfs.conf", "MODULES=most\n");
        write(host, "/lib/modules/6.1.0-18-amd64/modules.dep", "");
        write(host, "/boot/initrd.img-6.1.0-18-amd64", "i");
        GeneratorDetection d = new InitramfsGeneratorDetector(host).detect();
        assertEquals(GeneratorKind.INITRAMFS_TOOLS, d.primary().orElseThrow().kind());
        assertEquals(List.of("update-initramfs", "-u", "-k", "6.1.0-18-amd64"), d.primary().orElseThrow().rebuildCommand(d.kernels().get(0)));

        Host dracut = TestHosts.jimfs();
        write(dracut, "/usr/bin/dracut", "#!/bin/bash\n");
        write(dracut, "/usr/lib/dracut/dracut.conf.d/01-debian.conf", "initrdname=\"initrd.img-${kernel}\"\nhostonly=\"yes\"\n");
        write(dracut, "/etc/dracut.conf.d/01-debian.conf", "# masks the /usr/lib file\n");
        write(dracut, "/lib/modules/6.1.0-18-amd64/modules.dep", "");
        GeneratorDetection dd = new InitramfsGeneratorDetector(dracut).detect();
        DetectedGenerator g = dd.primary().orElseThrow();
        assertEquals(List.of("/etc/dracut.conf.d/01-debian.conf"), g.configFiles());
        assertFalse(g.copiesModprobeD());
        assertEquals(List.of("dracut", "-f", "/boot/initramfs-6.1.0-18-amd64.img", "6.1.0-18-amd64"), g.rebuildCommand(dd.kernels().get(0)));

        GeneratorDetection none = new InitramfsGeneratorDetector(TestHosts.jimfs()).detect();
        assertFalse(none.found());
        assertTrue(none.summary().startsWith("no initramfs generator found"));
    }

    @Test
    void dropInsCarryAHeader() {
        String mk = new String(new DropInRenderer().mkinitcpio("/etc/modprobe.d/disktune.conf"));
        assertTrue(mk.startsWith("# Generated by disktune"));
        assertTrue(mk.endsWith("\nFILES+=(/etc/modprobe.d/disktune.conf)\n"));
        assertEquals(List.of("/etc/modprobe.d/disktune.conf"), new MkinitcpioFilesEditor("d").parse(mk.getBytes()).files());
    }
}
