package org.disktune.verify;

/**
 * Who wrote one of disktune's boot-time files (/etc/modprobe.d/disktune.conf, the boot loader's command line file), and
 * whether that was in the running boot.
 *
 * @param journalEntry the id of the newest applied journal entry that wrote it; null when none did
 * @param bootId       the boot ID recorded in that entry ("unknown" when it could not be read then); null without entry
 * @param thisBoot     true when written in the running boot (so a value not yet in effect waits for a reboot)
 * @param how          how {@code thisBoot} was decided, in words
 */
public record OptionWriter(String journalEntry, String bootId, boolean thisBoot, String how) {
}
