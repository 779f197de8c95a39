/** The stored benchmark runs under /var/lib/disktune/bench, one JSON file each, read back for comparisons. */
package org.disktune.bench.store;
