package org.disktune.verify;

import java.io.IOException;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.Sha256;
import org.disktune.modprobe.DisktuneModprobeFile;

/** /etc/modprobe.d/disktune.conf still holds the bytes the journal says disktune wrote. */
final class ModprobeFileChecker implements Checker {
    static final String NAME = "modprobe-file";
    private final String recordedSha256;

    /** {@code recordedSha256}: the file's hash after the journal entry that last wrote it; null when no entry did. */
    ModprobeFileChecker(String recordedSha256) {
        this.recordedSha256 = recordedSha256;
    }

    @Override
    public List<Check> check(VerifyContext context) {
        if (recordedSha256 == null) {
            return List.of();
        }
        String now;
        try {
            now = Sha256.ofFile(context.host().path(DisktuneModprobeFile.PATH));
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read " + DisktuneModprobeFile.PATH + ": " + e.getMessage() + "; run as root");
        }
        String expected = "sha256 " + recordedSha256.substring(0, 12) + "… (journal entry " + context.writer().journalEntry() + ")";
        if (recordedSha256.equals(now)) {
            return List.of(Check.ok(NAME, DisktuneModprobeFile.PATH, expected, "same bytes"));
        }
        return List.of(new Check(NAME, DisktuneModprobeFile.PATH, CheckStatus.DRIFT, expected,
                now == null ? "file missing" : "sha256 " + now.substring(0, 12) + "…",
                "changed outside disktune since it was written: set options with disktune modprobe set, or undo the edit"));
    }
}
