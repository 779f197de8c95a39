package org.disktune.kernel;

import java.util.List;
import java.util.Map;

/**
 * The caps on what the collectors of one boot keep (devices, ports and lines per device), and whether one was hit:
 * memory stays bounded whatever the log holds.
 */
final class FactLimits {
    static final int MAX_ENTRIES = 256;
    static final int MAX_LIST = 16;

    private boolean capped;

    boolean capped() {
        return capped;
    }

    /** False, and {@link #capped} set, when {@code map} is full: a new key is not added then. */
    boolean hasRoom(Map<?, ?> map) {
        if (map.size() >= MAX_ENTRIES) {
            capped = true;
            return false;
        }
        return true;
    }

    <K, V> void putCapped(Map<K, V> map, K key, V value) {
        if (map.size() < MAX_ENTRIES || map.containsKey(key)) {
            map.put(key, value);
        } else {
            capped = true;
        }
    }

    static void addCapped(List<String> list, String value) {
        if (list.size() < MAX_LIST && !list.contains(value)) {
            list.add(value);
        }
    }

    static Long parseLong(String digits) {
        try {
            return Long.valueOf(digits);
        } catch (NumberFormatException e) {
            return null; // more than 19 digits that overflow: not a real count
        }
    }

    static Integer parseInt(String digits) {
        try {
            return Integer.valueOf(digits);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
