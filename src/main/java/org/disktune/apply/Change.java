package org.disktune.apply;

/**
 * One step of a {@link Plan}: values only (no lambdas), so plans compare with {@code equals} and are
 * journaled whole. Machine paths are absolute strings ("/etc/modprobe.d/disktune.conf"), resolved
 * through the host when the plan is applied. Code that handles every kind does it through
 * {@link #accept(ChangeVisitor)}, never an {@code instanceof} chain, so a new kind fails at compile time.
 */
public sealed interface Change permits WriteFile, DeleteFile, RunProgram, Verify, WriteAttribute, ProgramSetting,
        WriteReadAhead {
    /** Why this step is in the plan, in words for the user (shown by the renderer and journaled). */
    String reason();

    /** The files this step writes, deletes or has a program rewrite, in order: what the executor backs up. */
    java.util.List<String> touchedFiles();

    /** True for a step that acts on the running machine only (a sysfs write, a setting made by a program): no file. */
    boolean live();

    /** Calls the {@code visitor} method for this kind of step. */
    <R> R accept(ChangeVisitor<R> visitor);
}
