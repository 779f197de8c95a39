package org.disktune.detect;

import java.util.Map;

/**
 * A legacy IDE disk's /proc/ide/hdX view (2.6 kernels): driver, media, the settings table's values and its max
 * column ({@code multcount 16 0 16 rw}: the ide driver takes the multcount maximum from IDENTIFY word 47).
 */
public record IdeSettings(String driver, String media, Map<String, String> settings, Map<String, String> maxima) {
}
