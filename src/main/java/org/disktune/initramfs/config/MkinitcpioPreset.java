package org.disktune.initramfs.config;

import java.util.List;
import java.util.Map;

/**
 * A mkinitcpio preset (/etc/mkinitcpio.d/NAME.preset): its presets ("default", "fallback"), the
 * kernel ({@code ALL_kver}: a version, or since 2012 a kernel image path such as
 * /boot/vmlinuz-linux), the config ({@code ALL_config}) and per-preset kver, config, image and unified
 * kernel image ({@code PRESET_uki}, v31+, or the older {@code PRESET_efi_image}). The 2006 layout
 * ({@code PRESET_NAME[0]=...}) is mapped onto the same fields.
 */
public record MkinitcpioPreset(
        String name,
        String file,
        List<String> presets,
        String allKver,
        String allConfig,
        Map<String, String> kvers,
        Map<String, String> configs,
        Map<String, String> images,
        Map<String, String> ukis,
        List<String> sourced) {
    public MkinitcpioPreset {
        presets = List.copyOf(presets);
        kvers = Map.copyOf(kvers);
        configs = Map.copyOf(configs);
        images = Map.copyOf(images);
        ukis = Map.copyOf(ukis);
        sourced = List.copyOf(sourced);
    }

    public String kver(String preset) {
        return kvers.getOrDefault(preset, allKver);
    }

    /** The variable that sets a preset's kernel: {@code PRESET_kver} when set, else {@code ALL_kver}. */
    public String kverVariable(String preset) {
        return kvers.containsKey(preset) ? preset + "_kver" : "ALL_kver";
    }

    /** Every file {@code mkinitcpio -p} writes, in its order: for each preset its UKI, then its image. */
    public List<String> outputs() {
        List<String> out = new java.util.ArrayList<>();
        for (String p : presets) {
            for (String file : new String[] {ukis.get(p), images.get(p)}) {
                if (file != null && !file.isEmpty()) {
                    out.add(file);
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * True when a preset names a config file: mkinitcpio then runs with -c and ignores the
     * /etc/mkinitcpio.conf.d drop-ins.
     */
    public boolean namesConfig() {
        return (allConfig != null && !allConfig.isEmpty()) || configs.values().stream().anyMatch(c -> !c.isEmpty());
    }
}
