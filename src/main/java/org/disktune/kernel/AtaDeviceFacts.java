package org.disktune.kernel;

import java.util.ArrayList;
import java.util.List;

/** What the kernel printed about one ATA device in a boot: identity, size, addressing, NCQ, forced settings, transfer mode. */
final class AtaDeviceFacts {
    final String id;
    final int port;
    final int devno;
    String deviceClass;
    String ataRevision;
    String model;
    String firmware;
    String maxTransferMode;
    Long sectors;
    Integer multi;
    String addressing;
    NcqState ncq = NcqState.UNKNOWN;
    Integer ncqDepth;
    Integer ncqDriveDepth;
    boolean ncqAutoActivate;
    final List<String> forceLines = new ArrayList<>();
    final List<String> forcedQuirks = new ArrayList<>();
    final List<String> quirks = new ArrayList<>();
    final List<String> features = new ArrayList<>();
    String transferMode;
    String identityLine;
    String sectorsLine;

    AtaDeviceFacts(String id, int port, int devno) {
        this.id = id;
        this.port = port;
        this.devno = devno;
    }

    void identity(String revision, String model, String firmware, String maxMode, String line) {
        this.deviceClass = revision.startsWith("ATAPI") ? "ATAPI" : revision.startsWith("CFA") ? "CFA" : "ATA";
        this.ataRevision = revision.equals("ATAPI") ? null : revision;
        if (model != null) {
            this.model = model;
            this.firmware = firmware;
        }
        this.maxTransferMode = maxMode;
        this.identityLine = line;
    }

    void ncq(String tail) {
        String[] m;
        if (tail.contains("NCQ (not used)")) {
            ncq = NcqState.NOT_USED;
            ncqDepth = null;
            ncqDriveDepth = null;
            ncqAutoActivate = false;
        } else if ((m = AtaLineParsers.ncqDepth(tail)) != null) {
            int first = Integer.parseInt(m[0]);
            if (m[1] == null) {
                ncqDepth = first;
                ncqDriveDepth = first;
            } else {
                ncqDepth = first;
                ncqDriveDepth = Integer.parseInt(m[1]);
            }
            ncq = ncqDepth == 0 ? NcqState.DISABLED_BY_HOST : NcqState.ENABLED;
            ncqAutoActivate = m[2] != null;
        } else {
            // the kernel prints nothing after the addressing for a drive without NCQ; other text is unreadable
            ncq = tail.isBlank() ? NcqState.NONE : NcqState.UNKNOWN;
            ncqDepth = null;
            ncqDriveDepth = null;
            ncqAutoActivate = false;
        }
    }

    boolean printedFacts() {
        return identityLine != null || sectorsLine != null || transferMode != null || !forceLines.isEmpty()
                || !quirks.isEmpty();
    }

    AtaDeviceLog toLog() {
        // ATAPI has no NCQ and no sectors line; any other device without a readable sectors line is unknown
        NcqState state = ncq == NcqState.UNKNOWN && "ATAPI".equals(deviceClass) ? NcqState.NONE : ncq;
        return new AtaDeviceLog(id, port, devno, deviceClass, ataRevision, model, firmware, maxTransferMode, sectors,
                multi, addressing, state, ncqDepth, ncqDriveDepth, ncqAutoActivate, forceLines, forcedQuirks, quirks,
                features, transferMode, identityLine, sectorsLine);
    }
}
