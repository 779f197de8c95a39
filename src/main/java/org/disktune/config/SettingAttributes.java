package org.disktune.config;

import java.util.List;

import org.disktune.host.WritableAttributes;

/** The host's sysfs write allow-list, built from the settings table: the attributes of every writable sysfs row. */
public final class SettingAttributes implements WritableAttributes {
    @Override
    public List<String> ofBlockDevices() {
        return Setting.writableAttributes(SettingScope.DISK);
    }

    @Override
    public List<String> ofMdArrays() {
        return Setting.writableAttributes(SettingScope.MD).stream().filter(a -> !ofBlockDevices().contains(a)).toList();
    }
}
