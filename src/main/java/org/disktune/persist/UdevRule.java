package org.disktune.persist;

import java.util.List;
import java.util.Optional;

/** One rule of a udev rules file: its keys in order and the line it starts on (continuation lines join it). */
public record UdevRule(int line, List<UdevKey> keys) {
    public UdevRule {
        keys = List.copyOf(keys);
    }

    /** The first key with this name and attribute (attribute null for keys without braces). */
    public Optional<UdevKey> key(String name, String attribute) {
        return keys.stream().filter(k -> k.name().equals(name) && java.util.Objects.equals(k.attribute(), attribute)).findFirst();
    }
}
