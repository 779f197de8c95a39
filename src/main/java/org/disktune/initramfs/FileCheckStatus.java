package org.disktune.initramfs;

/** How a file in an image compares with the host's copy. */
public enum FileCheckStatus {
    SAME, DIFFERENT, MISSING_IN_IMAGE, MISSING_ON_HOST
}
