package org.disktune.detect;

/**
 * One ATA device as libata shows it ({@code ataP.DD}, sysfs {@code devP.D}): IDENTIFY facts and the
 * block device it became.
 */
public record AtaDevice(
        String id,
        String sysfsName,
        String deviceClass,
        String disk,
        String model,
        String serial,
        String firmware,
        Boolean ncqSupported,
        Integer ncqMaxDepth,
        String transferMode,
        String trim) {
}
