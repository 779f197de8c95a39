package org.disktune.verify;

import org.disktune.kernel.AtaDeviceLog;

/** The NCQ state of a probe line in a few words: "depth 31/32", "depth 32, AA", "not used", "off (depth 0/32)", "no", "unknown". */
public final class NcqText {
    private NcqText() {
    }

    public static String of(AtaDeviceLog d) {
        if (d.ncq() == null) {
            return null;
        }
        String depth = d.ncqDepth() == null ? "?" : d.ncqDriveDepth() != null && !d.ncqDriveDepth().equals(d.ncqDepth())
                ? d.ncqDepth() + "/" + d.ncqDriveDepth() : d.ncqDepth().toString();
        return switch (d.ncq()) {
            case NONE -> "no";
            case UNKNOWN -> "unknown";
            case NOT_USED -> "not used";
            case ENABLED -> "depth " + depth + (d.ncqAutoActivate() ? ", AA" : "");
            case DISABLED_BY_HOST -> "off (depth " + depth + ")";
        };
    }
}
