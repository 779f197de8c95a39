package org.disktune.detect;

import java.util.Map;

/** A legacy IDE disk's /proc/ide/hdX view (2.6 kernels): driver, media and the settings table. */
public record IdeSettings(String driver, String media, Map<String, String> settings) {
}
