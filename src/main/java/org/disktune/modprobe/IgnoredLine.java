package org.disktune.modprobe;

/** A line kmod would skip with "ignoring bad line", kept so that `show` can say so. */
public record IgnoredLine(ConfigOrigin origin, String text, String reason) {
}
