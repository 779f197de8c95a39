package org.disktune.initramfs.config;

import java.util.List;

/**
 * A kernel with modules in /lib/modules/VERSION (or /usr/lib/modules): its image if found, the
 * initramfs images that exist for it, and Arch's pkgbase (the preset name) when recorded.
 */
public record InstalledKernel(String version, String kernelImage, List<String> initramfsImages, String pkgbase) {
    public InstalledKernel {
        initramfsImages = List.copyOf(initramfsImages);
    }
}
