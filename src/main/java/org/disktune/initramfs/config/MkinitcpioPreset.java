package org.disktune.initramfs.config;

import java.util.List;
import java.util.Map;

/**
 * A mkinitcpio preset (/etc/mkinitcpio.d/NAME.preset): its presets ("default", "fallback"), the
 * kernel ({@code ALL_kver}: a version, or since 2012 a kernel image path such as
 * /boot/vmlinuz-linux), the config ({@code ALL_config}) and per-preset kver, config and image. The
 * 2006 layout ({@code PRESET_NAME[0]=...}) is mapped onto the same fields.
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
        List<String> sourced) {
    public MkinitcpioPreset {
        presets = List.copyOf(presets);
        kvers = Map.copyOf(kvers);
        configs = Map.copyOf(configs);
        images = Map.copyOf(images);
        sourced = List.copyOf(sourced);
    }

    public String kver(String preset) {
        return kvers.getOrDefault(preset, allKver);
    }

    /**
     * True when a preset names a config file: mkinitcpio then runs with -c and ignores the
     * /etc/mkinitcpio.conf.d drop-ins.
     */
    public boolean namesConfig() {
        return (allConfig != null && !allConfig.isEmpty()) || configs.values().stream().anyMatch(c -> !c.isEmpty());
    }
}
