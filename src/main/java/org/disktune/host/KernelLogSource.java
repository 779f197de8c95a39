package org.disktune.host;

/**
 * Where the kernel log comes from: the live ring buffer (/dev/kmsg, klogctl), the journal, a file
 * the user named, or the saved log of a root tree. Read as a stream so that memory stays bounded.
 */
public interface KernelLogSource {
    /**
     * Opens the log. Throws {@link org.disktune.core.DisktuneException} (ENVIRONMENT) naming every
     * source tried when none can be read.
     */
    KernelLogReader open();
}
