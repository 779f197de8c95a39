package org.disktune.tuning;

import java.util.Objects;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.config.SettingValue;

/**
 * One setting as it applies to one device after every matching section was weighed: the kind of device
 * ({@link SettingScope#DISK}, {@link SettingScope#MD}, {@link SettingScope#MOUNT}), its kernel name or mount
 * point ({@code sda}, {@code md0}, {@code /home}), a name that survives reboots ({@code wwn-0x...} or
 * {@code ata-MODEL_SERIAL} from /dev/disk/by-id, {@code md-uuid-UUID}; null when there is none), the value
 * to write on THIS kernel ({@code deadline} on 2.6, {@code mq-deadline} on blk-mq kernels; null when
 * invalid), the current value (null = unknown), the configuration line it came from, the machine path of
 * the sysfs attribute (null for hdparm and mount settings) and its {@link SettingStatus}.
 */
public record EffectiveSetting(SettingScope scope, String target, String identity, Setting setting, String wanted, String current,
        SettingValue origin, String attribute, SettingStatus status) {
    public EffectiveSetting {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(status, "status");
    }
}
