package org.disktune.detect;

import java.util.Optional;

/** dpkg's {@code /var/lib/dpkg/status}: the version of an installed package (its stanza's Status ends in "installed"). */
public final class DpkgStatus {
    public static final String PATH = "/var/lib/dpkg/status";

    private DpkgStatus() {
    }

    /** The Version of {@code pkg} when its stanza says it is installed, else empty. */
    public static Optional<String> installedVersion(String status, String pkg) {
        for (String stanza : status.split("\n\n")) {
            String state = field(stanza, "Status");
            String version = field(stanza, "Version");
            if (pkg.equals(field(stanza, "Package")) && state != null && state.endsWith(" installed") && version != null) {
                return Optional.of(version);
            }
        }
        return Optional.empty();
    }

    private static String field(String stanza, String name) {
        for (String line : stanza.split("\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1).strip();
            }
        }
        return null;
    }
}
