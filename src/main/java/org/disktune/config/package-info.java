/**
 * The desired state, {@code /etc/disktune/disktune.conf}: an INI file (read with ini4j, which stays
 * inside this package) turned into typed records: {@link org.disktune.config.DesiredState} with its
 * {@code [module]}, {@code [disk]}, {@code [md]} and {@code [mount]} sections, each value with the line it
 * came from; {@link org.disktune.config.DiskMatch} selects disks by stable identity, model, class or
 * kernel name; {@link org.disktune.config.Setting} is the closed set of settings with their syntax.
 * {@link org.disktune.config.ConfigParser} reports every problem as {@code file:line: message} (ini4j reads the values,
 * a line scan before it gives each its line: {@link org.disktune.config.IniLineScan});
 * {@link org.disktune.config.DesiredStateReader} reads the file through a Host and refuses, on the live
 * machine, one that others than root may write. Reads only; the byte-preserving
 * {@link org.disktune.config.ModuleSectionEditor} of {@code [module]} sections returns new bytes and writes nothing.
 */
package org.disktune.config;
