package org.disktune.kernel;

/**
 * One line of NVMe controller trouble, as the kernel printed it ({@code nvme nvme0: I/O 12 QID 3 timeout, reset controller}).
 *
 * @param kind    what the line says happened
 * @param message the whole message, without the log's time stamp
 */
public record NvmeTrouble(NvmeTroubleKind kind, String message) {
}
