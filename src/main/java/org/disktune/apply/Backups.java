package org.disktune.apply;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * Copies every file a plan may touch to {@code /var/lib/disktune/backups/<id>/PATH} before anything changes, and
 * records each with its sha256 (a file that does not exist is recorded as absent, with no copy). A copy that is not
 * where it was written, or a file that changed while it was copied, is refused: nothing has changed yet.
 */
final class Backups {
    private Backups() {
    }

    /** The record of each of {@code paths}, in order, after copying those that exist under entry {@code id}'s folder. */
    static Map<String, FileRecord> take(Host host, String id, Set<String> paths) {
        Map<String, FileRecord> records = new LinkedHashMap<>();
        for (String path : paths) {
            Path source = host.path(path);
            if (!Files.exists(source)) {
                records.put(path, new FileRecord(path, null, null, null));
                continue;
            }
            String backup = Journal.backupPath(id, path);
            host.files().copy(source, host.path(backup), true);
            String copied = MachineState.sha(host, backup);
            if (copied == null) { // the copy is not where it was written: a directory of the state was swapped meanwhile
                throw new DisktuneException(ExitCode.ENVIRONMENT, "the backup of " + path + " is not at " + backup
                        + " after it was written (was a directory replaced meanwhile?); nothing was changed; run again");
            }
            if (!copied.equals(MachineState.sha(host, path))) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        path + " changed while it was being backed up; nothing was changed; run again");
            }
            records.put(path, new FileRecord(path, copied, backup, null));
        }
        return records;
    }
}
