package org.disktune.apply;

/**
 * A file an entry touched: its hash before (null = it did not exist), the machine path of its
 * byte copy under {@code /var/lib/disktune/backups/<id>/} (null when it did not exist, and once a
 * failed apply put everything back and removed its copies), and its hash after the whole plan
 * (null = absent afterwards; also null while the entry is applying).
 */
public record FileRecord(String path, String oldSha256, String backup, String newSha256) {
    /** True when the file existed before the entry was applied. */
    public boolean existedBefore() {
        return oldSha256 != null;
    }

    FileRecord withoutBackup() {
        return new FileRecord(path, oldSha256, null, newSha256);
    }

    FileRecord withNewSha256(String sha) {
        return new FileRecord(path, oldSha256, backup, sha);
    }
}
