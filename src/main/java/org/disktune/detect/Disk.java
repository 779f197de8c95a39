package org.disktune.detect;

import java.util.List;

/**
 * A block device with its stable identities and current queue settings. Values the machine does not
 * show (or shows as garbage) are null: unknown, never guessed. {@code features} is what the drive's IDENTIFY data
 * ({@code /sys/class/ata_device/devP.D/id}) says about write cache, APM, acoustic management and multiple-sector
 * transfers; null when the kernel does not expose IDENTIFY data (non-ATA disks, legacy IDE, kernels before
 * libata's ata_device class). {@code driver} is the driver that binds the disk itself ({@code sd}, {@code virtio_blk},
 * {@code nvme}), beside its controller's; {@code ncq} is NCQ as the kernel runs it now, {@code ncqSupported} and
 * {@code ncqMaxDepth} what the drive offers.
 */
public record Disk(
        String name,
        String sysfsPath,
        String transport,
        String controller,
        String ataDevice,
        String scsiAddress,
        String model,
        String vendor,
        String serial,
        String firmware,
        String wwn,
        List<String> byId,
        Long sizeBytes,
        Boolean rotational,
        Boolean ncqSupported,
        Integer ncqMaxDepth,
        Integer queueDepth,
        String scheduler,
        List<String> schedulers,
        Integer readAheadKb,
        Integer nrRequests,
        Integer maxSectorsKb,
        List<Partition> partitions,
        List<String> holders,
        IdeSettings ide,
        DriveFeatures features,
        String driver,
        NcqInEffect ncq) {
}
