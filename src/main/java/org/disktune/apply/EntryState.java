package org.disktune.apply;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a journal entry stands. Written as the lower-case names shown. */
public enum EntryState {
    /**
     * Journaled before the backups are taken, nothing changed yet; left behind only by a crash while backing up. The
     * next run that changes the machine removes its partial backups and records it "rolled-back".
     */
    @JsonProperty("preparing") PREPARING,
    /** Backups taken, changes under way; left behind only by a crash ({@code undo --force} recovers it). */
    @JsonProperty("applying") APPLYING,
    /** Every change made and every check passed. */
    @JsonProperty("applied") APPLIED,
    /** A step failed and every file was restored byte for byte. */
    @JsonProperty("rolled-back") ROLLED_BACK,
    /** A step failed and restoring failed too: the backups named in the entry are the way back. */
    @JsonProperty("rollback-failed") ROLLBACK_FAILED,
    /** Reverted by a later entry (its {@code undo_of} names this one). */
    @JsonProperty("undone") UNDONE
}
