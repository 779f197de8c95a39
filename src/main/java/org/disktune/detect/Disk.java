package org.disktune.detect;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.Transport;

/**
 * A block device with its stable identities and current queue settings. Values the machine does not
 * show (or shows as garbage) are null: unknown, never guessed. {@code features} is what the drive's IDENTIFY data
 * ({@code /sys/class/ata_device/devP.D/id}) says about write cache, APM, acoustic management and multiple-sector
 * transfers; null when the kernel does not expose IDENTIFY data (non-ATA disks, legacy IDE, kernels before
 * libata's ata_device class). {@code driver} is the driver that binds the disk itself ({@code sd}, {@code virtio_blk},
 * {@code nvme}), beside its controller's; {@code ncq} is NCQ as the kernel runs it now, {@code ncqSupported} and
 * {@code ncqMaxDepth} what the drive offers. {@code settings}: the value of each sysfs setting of a disk the machine shows
 * ({@link Setting}'s rows of {@link SettingScope#DISK}, read back by their attribute), absent when not shown.
 */
@JsonPropertyOrder({"name", "sysfsPath", "transport", "controller", "ataDevice", "scsiAddress", "model", "vendor", "serial", "firmware", "wwn",
        "byId", "sizeBytes", "rotational", "ncqSupported", "ncqMaxDepth", "queueDepth", "scheduler", "schedulers", "readAheadKb",
        "nrRequests", "maxSectorsKb", "partitions", "holders", "ide", "features", "driver", "ncq"})
public record Disk(
        String name,
        String sysfsPath,
        Transport transport,
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
        @JsonIgnore Map<Setting, String> settings,
        List<String> schedulers,
        List<Partition> partitions,
        List<String> holders,
        IdeSettings ide,
        DriveFeatures features,
        String driver,
        NcqInEffect ncq) {
    public Disk {
        EnumMap<Setting, String> copy = new EnumMap<>(Setting.class);
        settings.forEach((setting, value) -> {
            if (setting.scope() != SettingScope.DISK || setting.attribute().isEmpty()) {
                throw new IllegalArgumentException(setting.key() + " is not a sysfs setting of a disk");
            }
            if (value != null) {
                copy.put(setting, value);
            }
        });
        settings = java.util.Collections.unmodifiableMap(copy);
    }

    /** The value of a sysfs setting as the machine shows it, empty when it does not. */
    public Optional<String> setting(Setting setting) {
        return Optional.ofNullable(settings.get(setting));
    }

    @JsonProperty
    public Integer queueDepth() {
        return integer(Setting.QUEUE_DEPTH);
    }

    @JsonProperty
    public String scheduler() {
        return settings.get(Setting.SCHEDULER);
    }

    @JsonProperty
    public Integer readAheadKb() {
        return integer(Setting.READ_AHEAD_KB);
    }

    @JsonProperty
    public Integer nrRequests() {
        return integer(Setting.NR_REQUESTS);
    }

    @JsonProperty
    public Integer maxSectorsKb() {
        return integer(Setting.MAX_SECTORS_KB);
    }

    private Integer integer(Setting setting) {
        String value = settings.get(setting);
        if (value == null) {
            return null;
        }
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
