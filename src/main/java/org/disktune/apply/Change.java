package org.disktune.apply;

/**
 * One step of a {@link Plan}. Machine paths are absolute strings ("/etc/modprobe.d/disktune.conf"),
 * resolved through the host when the plan is applied. More kinds will come (sysfs writes,
 * remounts); code that handles every kind lists the permitted types.
 */
public sealed interface Change permits WriteFile, DeleteFile, RunProgram, Verify, WriteAttribute {
    /** Why this step is in the plan, in words for the user (shown by the renderer and journaled). */
    String reason();
}
