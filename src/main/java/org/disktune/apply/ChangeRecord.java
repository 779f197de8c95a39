package org.disktune.apply;

import org.disktune.core.Sha256;
import java.util.List;

/**
 * One change as the journal keeps it: what it was and the hashes of the file before and after
 * (null = the file did not exist / does not exist afterwards). Programs keep their argv and the
 * files they produce; those files' hashes are in the entry's {@link FileRecord}s.
 */
public record ChangeRecord(ChangeKind kind, String reason, String path, List<String> argv, List<String> producesFiles,
        String oldSha256, String newSha256) {
    public ChangeRecord {
        argv = argv == null ? List.of() : List.copyOf(argv);
        producesFiles = producesFiles == null ? List.of() : List.copyOf(producesFiles);
    }

    static ChangeRecord of(Change change) {
        if (change instanceof WriteFile w) {
            return new ChangeRecord(ChangeKind.WRITE_FILE, w.reason(), w.path(), null, null,
                    w.creates() ? null : Sha256.of(w.oldBytes()), Sha256.of(w.newBytes()));
        }
        if (change instanceof DeleteFile d) {
            return new ChangeRecord(ChangeKind.DELETE_FILE, d.reason(), d.path(), null, null, Sha256.of(d.oldBytes()), null);
        }
        if (change instanceof RunProgram r) {
            return new ChangeRecord(ChangeKind.RUN_PROGRAM, r.reason(), null, r.argv(), r.producesFiles(), null, null);
        }
        Verify v = (Verify) change;
        return new ChangeRecord(ChangeKind.VERIFY, v.description(), null, null, null, null, null);
    }
}
