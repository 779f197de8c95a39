package org.disktune.modprobe;

/** A configuration file found on the host and what kmod does with it. */
public record ModprobeConfigFile(String path, ConfigFileStatus status, String hiddenBy) {
}
