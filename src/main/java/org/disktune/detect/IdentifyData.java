package org.disktune.detect;

/** What the ATA IDENTIFY DEVICE data says about a drive, with the hdparm-settable {@link DriveFeatures}. */
public record IdentifyData(
        String model,
        String serial,
        String firmware,
        boolean ncqSupported,
        Integer ncqMaxDepth,
        String wwn,
        Integer rotationRate,
        DriveFeatures features) {
}
