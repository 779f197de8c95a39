package org.disktune.detect;

import java.util.List;

/** A mounted file system on one of the machine's block devices, with its mount options. */
public record Mount(String device, String mountPoint, String fsType, List<String> options) {
}
