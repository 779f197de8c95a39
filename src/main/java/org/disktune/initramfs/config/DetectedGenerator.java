package org.disktune.initramfs.config;

import java.util.ArrayList;
import java.util.List;

/**
 * One initramfs generator installed on the host: its program (null if only its config was found),
 * version when known, config files in the order the generator reads them, mkinitcpio presets,
 * the parsed mkinitcpio.conf or dracut configuration (null for other kinds), whether it copies
 * /etc/modprobe.d by itself, and notes for the user.
 */
public record DetectedGenerator(
        GeneratorKind kind,
        String program,
        String version,
        List<String> configFiles,
        List<MkinitcpioPreset> presets,
        MkinitcpioConf mkinitcpioConf,
        DracutConf dracutConf,
        boolean copiesModprobeD,
        List<String> notes) {
    public DetectedGenerator {
        configFiles = List.copyOf(configFiles);
        presets = List.copyOf(presets);
        notes = List.copyOf(notes);
    }

    /** The major version as a number (mkinitcpio "39.2" -> 39), null when unknown. */
    public Integer majorVersion() {
        if (version == null) {
            return null;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^v?(\\d+)").matcher(version);
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }

    /** The argv that rebuilds the initramfs of one kernel (no shell). */
    public List<String> rebuildCommand(InstalledKernel kernel) {
        return switch (kind) {
            case MKINITCPIO -> {
                for (MkinitcpioPreset p : presets) {
                    if (p.name().equals(kernel.pkgbase())) {
                        yield List.of("mkinitcpio", "-p", p.name());
                    }
                }
                for (MkinitcpioPreset p : presets) {
                    for (String preset : p.presets()) {
                        String kver = p.kver(preset);
                        if (kernel.version().equals(kver) || (kver != null && kver.equals(kernel.kernelImage()))) {
                            yield List.of("mkinitcpio", "-p", p.name());
                        }
                    }
                }
                if (presets.size() == 1) {
                    yield List.of("mkinitcpio", "-p", presets.get(0).name());
                }
                String image = kernel.initramfsImages().isEmpty() ? "/boot/initramfs-" + kernel.version() + ".img" : kernel.initramfsImages().get(0);
                yield List.of("mkinitcpio", "-k", kernel.version(), "-g", image);
            }
            case DRACUT -> {
                String image;
                if (!kernel.initramfsImages().isEmpty()) {
                    image = kernel.initramfsImages().get(0);
                } else if (dracutConf != null && dracutConf.initrdName() != null) {
                    image = "/boot/" + dracutConf.initrdName().replace("${kernel}", kernel.version()).replace("$kernel", kernel.version());
                } else {
                    image = "/boot/initramfs-" + kernel.version() + ".img";
                }
                yield List.of("dracut", "-f", image, kernel.version());
            }
            case INITRAMFS_TOOLS -> new ArrayList<>(List.of("update-initramfs", "-u", "-k", kernel.version()));
        };
    }
}
