package org.disktune.cli;

/** The options every command shares, as parsed. */
public record GlobalOptions(String root, String sample, boolean json, boolean debug, String kernelLog, boolean chroot) {
}
