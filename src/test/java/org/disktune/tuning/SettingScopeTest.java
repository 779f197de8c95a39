package org.disktune.tuning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.disktune.config.Setting;
import org.disktune.config.SettingScope;
import org.disktune.detect.Disk;
import org.disktune.detect.MdArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A setting asked of a target of another scope is a bug, for every row of the table (derived, not listed). */
class SettingScopeTest {
    private final SettingTable table = new SettingTable("6.1.0");
    private final MdArray array = new MdArray("md0", "raid5", "clean", 3, List.of("sda", "sdb", "sdc"), 128, null, 256);

    @ParameterizedTest
    @EnumSource(Setting.class)
    void everySettingOfAnotherScopeIsRefusedForAnArray(Setting setting) {
        if (setting.scope() == SettingScope.MD) {
            table.current(setting, array);
        } else {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table.current(setting, array));
            assertEquals(setting.key() + " (" + setting.scope() + ") asked of md0", e.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(Setting.class)
    void aDiskKeepsOnlyTheSysfsSettingsOfADisk(Setting setting) {
        Map<Setting, String> settings = Map.of(setting, "1");
        if (setting.scope() == SettingScope.DISK && setting.attribute().isPresent()) {
            assertEquals("1", disk(settings).setting(setting).orElseThrow());
        } else {
            assertThrows(IllegalArgumentException.class, () -> disk(settings));
        }
    }

    private static Disk disk(Map<Setting, String> settings) {
        return new Disk("sdb", "/sys/block/sdb", null, null, null, null, null, null, null, null, null, List.of(), null, null, null, null,
                settings, List.of(), List.of(), List.of(), null, null, null, null);
    }
}
