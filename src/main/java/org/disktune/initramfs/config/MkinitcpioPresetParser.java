package org.disktune.initramfs.config;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Parses mkinitcpio preset files (bash) without running them. */
public final class MkinitcpioPresetParser {

    /**
     * @param name     the preset name (file name without ".preset")
     * @param file     the machine path, for messages
     * @param resolver reads a file named by {@code source}; empty when it cannot be read
     */
    public MkinitcpioPreset parse(String name, String file, byte[] content, Function<String, Optional<String>> resolver) {
        ShellValues v = new ShellValues();
        v.run(file, new String(content, StandardCharsets.ISO_8859_1), resolver, 0);
        List<String> presets = new ArrayList<>(v.arrays.getOrDefault("PRESETS", List.of()));
        Map<String, String> kvers = new LinkedHashMap<>();
        Map<String, String> configs = new LinkedHashMap<>();
        Map<String, String> images = new LinkedHashMap<>();
        Map<String, String> ukis = new LinkedHashMap<>();
        if (presets.isEmpty()) {
            for (int i = 0; v.scalars.containsKey("PRESET_NAME[" + i + "]"); i++) {
                String p = v.scalars.get("PRESET_NAME[" + i + "]");
                presets.add(p);
                putIfSet(kvers, p, v.scalars.get("PRESET_KVER[" + i + "]"));
                putIfSet(configs, p, v.scalars.get("PRESET_CONFIG[" + i + "]"));
                putIfSet(images, p, v.scalars.get("PRESET_IMAGE[" + i + "]"));
            }
        }
        for (String p : presets) {
            putIfSet(kvers, p, v.scalars.get(p + "_kver"));
            putIfSet(configs, p, v.scalars.get(p + "_config"));
            putIfSet(images, p, v.scalars.get(p + "_image"));
            // mkinitcpio reads PRESET_efi_image only when PRESET_uki is not set at all
            putIfSet(ukis, p, v.scalars.containsKey(p + "_uki") ? v.scalars.get(p + "_uki") : v.scalars.get(p + "_efi_image"));
        }
        return new MkinitcpioPreset(name, file, presets, v.scalars.get("ALL_kver"), v.scalars.get("ALL_config"),
                kvers, configs, images, ukis, v.sourced);
    }

    private static void putIfSet(Map<String, String> map, String key, String value) {
        if (value != null && !value.isEmpty()) {
            map.put(key, value);
        }
    }
}
