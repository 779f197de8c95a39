package org.disktune.initramfs.config;

/** The initramfs generators disktune knows. */
public enum GeneratorKind {
    MKINITCPIO,
    DRACUT,
    INITRAMFS_TOOLS
}
