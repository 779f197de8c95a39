package org.disktune.apply;

import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import org.disktune.core.FileMode;
import org.disktune.core.Sha256;

/**
 * One change as the journal keeps it, one record per kind of {@link Change}, written with its kind in {@code kind}
 * ({@code write-file}, {@code delete-file}, {@code run-program}, {@code verify}, {@code write-attribute},
 * {@code program-setting}, {@code write-read-ahead}) and its fields in snake_case; fields a kind does not have are absent (entries of release
 * 0.1.0 wrote empty {@code argv}, {@code produces_files} and {@code undo_argv} lists on every kind: they are ignored).
 * Each kind says what undoing it takes ({@link #undo}), so a new kind does not compile until it does; the hashes of
 * the files are in the entry's {@link FileRecord}s.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = JournaledChange.FileWrite.class, name = "write-file"),
    @JsonSubTypes.Type(value = JournaledChange.FileDelete.class, name = "delete-file"),
    @JsonSubTypes.Type(value = JournaledChange.ProgramRun.class, name = "run-program"),
    @JsonSubTypes.Type(value = JournaledChange.Check.class, name = "verify"),
    @JsonSubTypes.Type(value = JournaledChange.AttributeWrite.class, name = "write-attribute"),
    @JsonSubTypes.Type(value = JournaledChange.SettingRun.class, name = "program-setting"),
    @JsonSubTypes.Type(value = JournaledChange.ReadAheadWrite.class, name = "write-read-ahead")})
public sealed interface JournaledChange {
    /** Why the step was in the plan, as the plan said. */
    String reason();

    /** Tells {@code undo} what taking this change back needs. */
    void undo(Undo undo);

    /**
     * What taking journaled changes back needs, told by each change ({@link #undo}): files come back from the entry's
     * backups, attributes and program settings to their old values. {@link UndoStepPlanner} collects it.
     */
    interface Undo {
        /** A step wrote or deleted {@code path}, leaving {@code sha256} (null: absent). */
        void file(String path, String sha256);

        /** A step gave {@code path} another mode; it had {@code before}. */
        void mode(String path, FileMode before);

        /** A program rewrote {@code path} (an initramfs image). */
        void produced(String path);

        void attribute(AttributeWrite write);

        void setting(SettingRun setting);

        void readAhead(ReadAheadWrite write);
    }

    /** The journal's record of {@code change}. */
    static JournaledChange of(Change change) {
        return change.accept(new ChangeVisitor<JournaledChange>() {
            @Override
            public JournaledChange writeFile(WriteFile w) {
                return new FileWrite(w.reason(), w.path(), w.creates() ? null : Sha256.of(w.oldBytes()), Sha256.of(w.newBytes()),
                        w.oldMode() == null ? null : w.oldMode().toString(), w.newMode() == null ? null : w.newMode().toString());
            }

            @Override
            public JournaledChange deleteFile(DeleteFile d) {
                return new FileDelete(d.reason(), d.path(), Sha256.of(d.oldBytes()));
            }

            @Override
            public JournaledChange runProgram(RunProgram r) {
                return new ProgramRun(r.reason(), r.argv(), r.producesFiles());
            }

            @Override
            public JournaledChange verify(Verify v) {
                return new Check(v.description());
            }

            @Override
            public JournaledChange writeAttribute(WriteAttribute a) {
                return new AttributeWrite(a.reason(), a.path(), a.device(), a.identity(), a.oldValue(), a.newValue());
            }

            @Override
            public JournaledChange programSetting(ProgramSetting s) {
                return new SettingRun(s.reason(), s.target(), s.argv(), s.device(), s.identity(), s.oldValue(), s.newValue(),
                        s.setting(), s.undoArgv());
            }

            @Override
            public JournaledChange writeReadAhead(WriteReadAhead r) {
                return new ReadAheadWrite(r.reason(), r.target(), r.device(), r.identity(), Long.toString(r.oldKib()),
                        Long.toString(r.newKib()), r.setting());
            }
        });
    }

    /**
     * A file replaced or created: its hash before (null: it did not exist) and after. {@code oldMode} (null for a new
     * file) and {@code newMode} are four octal digits when the write set a mode; both absent when it kept the file's mode,
     * as in every entry written before modes were journaled.
     */
    record FileWrite(String reason, String path, String oldSha256, String newSha256, String oldMode, String newMode)
            implements JournaledChange {
        /** The mode the file had before this write changed it; empty when the write kept the mode. */
        public Optional<FileMode> modeBefore() {
            return newMode == null ? Optional.empty() : FileMode.parse(oldMode);
        }

        @Override
        public void undo(Undo undo) {
            undo.file(path, newSha256);
            modeBefore().ifPresent(m -> undo.mode(path, m));
        }
    }

    /** A file removed, with its hash before. */
    record FileDelete(String reason, String path, String oldSha256) implements JournaledChange {
        @Override
        public void undo(Undo undo) {
            undo.file(path, null);
        }
    }

    /** A program run with its argument list; {@code producesFiles} are the files it rewrites (backed up before). */
    record ProgramRun(String reason, List<String> argv, List<String> producesFiles) implements JournaledChange {
        public ProgramRun {
            argv = argv == null ? List.of() : List.copyOf(argv);
            producesFiles = producesFiles == null ? List.of() : List.copyOf(producesFiles);
        }

        @Override
        public void undo(Undo undo) {
            producesFiles.forEach(undo::produced);
        }
    }

    /** A post-condition checked; its {@code reason} is the check's description. Nothing to take back. */
    record Check(String reason) implements JournaledChange {
        @Override
        public void undo(Undo undo) {
            // a check changes nothing
        }
    }

    /**
     * A sysfs attribute written: its {@code path}, the kernel name {@code device}, the lasting {@code identity} (a
     * /dev/disk/by-id name; null when none) and the values before and after.
     */
    record AttributeWrite(String reason, String path, String device, String identity, String oldValue, String newValue)
            implements JournaledChange {
        @Override
        public void undo(Undo undo) {
            if (path != null && oldValue != null) {
                undo.attribute(this);
            }
        }
    }

    /**
     * A live setting made by a program: its {@code argv}, its target (device path or mount point) as {@code path},
     * {@code device}, {@code identity}, the values, the {@code setting} key and the {@code undoArgv} that puts the old
     * value back (empty when the old value was unknown).
     */
    record SettingRun(String reason, String path, List<String> argv, String device, String identity, String oldValue,
            String newValue, String setting, List<String> undoArgv) implements JournaledChange {
        public SettingRun {
            argv = argv == null ? List.of() : List.copyOf(argv);
            undoArgv = undoArgv == null ? List.of() : List.copyOf(undoArgv);
        }

        @Override
        public void undo(Undo undo) {
            if (path != null && setting != null) {
                undo.setting(this);
            }
        }

        /** "/dev/hde io32": what is set, as messages name it. */
        String what() {
            return path + " " + setting;
        }
    }

    /**
     * A readahead set through BLKRASET: the device node as {@code path}, its kernel name {@code device}, its lasting
     * {@code identity} (null when none), the values before and after in KiB and the {@code setting} key.
     */
    record ReadAheadWrite(String reason, String path, String device, String identity, String oldValue, String newValue,
            String setting) implements JournaledChange {
        @Override
        public void undo(Undo undo) {
            undo.readAhead(this);
        }
    }
}
