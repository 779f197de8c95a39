/**
 * {@code disktune tune}: a runtime sweep of a block device's scheduler, queue depth and read-ahead, each point applied
 * through the journal and measured interleaved against the current settings, which are restored afterwards; a winner
 * only when it beats them significantly (and again in a confirmation run), written into disktune.conf on request.
 */
package org.disktune.bench.sweep;
