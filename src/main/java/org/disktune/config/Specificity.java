package org.disktune.config;

/**
 * How precisely a match key names a disk; when several sections match one disk, each setting comes
 * from the most specific section. A section's specificity is that of its most specific key.
 */
public enum Specificity {
    /** match.name: a kernel name glob (sdX names move between boots). */
    NAME,
    /** match.driver, match.transport, match.rotational, match.md: a class of disks. */
    CLASS,
    /** match.model, match.vendor: a product. */
    PRODUCT,
    /** match.wwn, match.serial, match.by-id: one disk. */
    IDENTITY
}
