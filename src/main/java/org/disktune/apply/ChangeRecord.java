package org.disktune.apply;

import java.util.List;

import org.disktune.core.Sha256;

/**
 * One change as the journal keeps it: what it was and the hashes of the file before and after
 * (null = the file did not exist / does not exist afterwards). Programs keep their argv and the
 * files they produce; those files' hashes are in the entry's {@link FileRecord}s. A sysfs write
 * keeps its attribute {@code path}, the kernel name {@code device}, the lasting {@code identity}
 * (a /dev/disk/by-id name; null when none) and the {@code oldValue}/{@code newValue}; these fields
 * are null for every other kind (and absent from entries written before sysfs writes existed). A program
 * setting keeps its {@code argv}, its target (device path or mount point) as {@code path}, {@code device}, {@code identity}, the values, the {@code setting}
 * key and the {@code undoArgv} that puts the old value back (empty when it was unknown). A file write that sets a mode keeps
 * {@code oldMode} (null for a new file) and {@code newMode} as four octal digits; both absent when the write kept the
 * file's mode, as in every entry written before modes were journaled.
 */
public record ChangeRecord(ChangeKind kind, String reason, String path, List<String> argv, List<String> producesFiles,
        String oldSha256, String newSha256, String device, String identity, String oldValue, String newValue, String setting,
        List<String> undoArgv, String oldMode, String newMode) {
    public ChangeRecord {
        argv = argv == null ? List.of() : List.copyOf(argv);
        undoArgv = undoArgv == null ? List.of() : List.copyOf(undoArgv);
        producesFiles = producesFiles == null ? List.of() : List.copyOf(producesFiles);
    }

    /** A record without a mode change. */
    public ChangeRecord(ChangeKind kind, String reason, String path, List<String> argv, List<String> producesFiles,
            String oldSha256, String newSha256, String device, String identity, String oldValue, String newValue, String setting,
            List<String> undoArgv) {
        this(kind, reason, path, argv, producesFiles, oldSha256, newSha256, device, identity, oldValue, newValue, setting, undoArgv, null, null);
    }

    /** A record of a file or program step (no sysfs fields). */
    public ChangeRecord(ChangeKind kind, String reason, String path, List<String> argv, List<String> producesFiles,
            String oldSha256, String newSha256) {
        this(kind, reason, path, argv, producesFiles, oldSha256, newSha256, null, null, null, null, null, null, null, null);
    }

    /** The mode the file had before this write changed it; empty when the write kept the mode (and in entries without modes). */
    public java.util.Optional<org.disktune.core.FileMode> modeBefore() {
        return kind == ChangeKind.WRITE_FILE && newMode != null ? org.disktune.core.FileMode.parse(oldMode) : java.util.Optional.empty();
    }

    static ChangeRecord of(Change change) {
        return change.accept(new ChangeVisitor<ChangeRecord>() {
            @Override
            public ChangeRecord writeFile(WriteFile w) {
                return new ChangeRecord(ChangeKind.WRITE_FILE, w.reason(), w.path(), null, null,
                        w.creates() ? null : Sha256.of(w.oldBytes()), Sha256.of(w.newBytes()), null, null, null, null, null, null,
                        w.oldMode() == null ? null : w.oldMode().toString(), w.newMode() == null ? null : w.newMode().toString());
            }

            @Override
            public ChangeRecord deleteFile(DeleteFile d) {
                return new ChangeRecord(ChangeKind.DELETE_FILE, d.reason(), d.path(), null, null, Sha256.of(d.oldBytes()), null);
            }

            @Override
            public ChangeRecord runProgram(RunProgram r) {
                return new ChangeRecord(ChangeKind.RUN_PROGRAM, r.reason(), null, r.argv(), r.producesFiles(), null, null);
            }

            @Override
            public ChangeRecord verify(Verify v) {
                return new ChangeRecord(ChangeKind.VERIFY, v.description(), null, null, null, null, null);
            }

            @Override
            public ChangeRecord writeAttribute(WriteAttribute a) {
                return new ChangeRecord(ChangeKind.WRITE_ATTRIBUTE, a.reason(), a.path(), null, null, null, null, a.device(),
                        a.identity(), a.oldValue(), a.newValue(), null, null);
            }

            @Override
            public ChangeRecord programSetting(ProgramSetting s) {
                return new ChangeRecord(ChangeKind.PROGRAM_SETTING, s.reason(), s.target(), s.argv(), null, null, null, s.device(),
                        s.identity(), s.oldValue(), s.newValue(), s.setting(), s.undoArgv());
            }
        });
    }
}
