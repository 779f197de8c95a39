/** What every package shares: the exit-code table and the one user-facing exception type. */
package org.disktune.core;
