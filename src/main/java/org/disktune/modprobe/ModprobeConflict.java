package org.disktune.modprobe;

/** One interference with a disktune option, with a one-line explanation for the user. */
public record ModprobeConflict(ConflictKind kind, String module, String parameter, String otherValue, ConfigOrigin origin, String message) {
}
