/**
 * What every package shares: the exit-code table, the one user-facing exception type, SHA-256, the JSON of
 * disktune's own state files and strict UTF-8 decoding ({@link org.disktune.core.Utf8}).
 */
package org.disktune.core;
