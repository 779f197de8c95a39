package org.disktune.tuning;

import java.util.Optional;

import org.disktune.apply.Change;
import org.disktune.apply.ChangeVisitor;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.ProgramSetting;
import org.disktune.apply.RunProgram;
import org.disktune.apply.Verify;
import org.disktune.apply.WriteAttribute;
import org.disktune.apply.WriteFile;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;

/** What {@code apply --boot} and {@code apply --device} need to know of a step, asked through the visitor. */
final class LiveSteps {
    private LiveSteps() {
    }

    /** True for a step that acts on the running machine only: a sysfs write or a setting made by a program. */
    static boolean isLive(Change change) {
        return change.accept(new Kind<Boolean>(false) {
            @Override
            public Boolean writeAttribute(WriteAttribute c) {
                return true;
            }

            @Override
            public Boolean programSetting(ProgramSetting c) {
                return true;
            }
        });
    }

    /** The file a step writes or deletes (a program's rewritten files count), if any. */
    static Optional<String> touchedFile(Change change) {
        return change.accept(new Kind<Optional<String>>(Optional.empty()) {
            @Override
            public Optional<String> writeFile(WriteFile c) {
                return Optional.of(c.path());
            }

            @Override
            public Optional<String> deleteFile(DeleteFile c) {
                return Optional.of(c.path());
            }

            @Override
            public Optional<String> runProgram(RunProgram c) {
                return c.producesFiles().stream().findFirst();
            }
        });
    }

    /** The program a setting step runs (hdparm, mount), if it is one. */
    static Optional<String> program(Change change) {
        return change.accept(new Kind<Optional<String>>(Optional.empty()) {
            @Override
            public Optional<String> programSetting(ProgramSetting c) {
                return Optional.of(c.argv().get(0));
            }
        });
    }

    /** The step as an hdparm setting of the disk {@code device} (kernel name), if it is one. */
    static Optional<ProgramSetting> hdparmOf(Change change, String device) {
        return change.accept(new Kind<Optional<ProgramSetting>>(Optional.empty()) {
            @Override
            public Optional<ProgramSetting> programSetting(ProgramSetting c) {
                boolean hdparm = Setting.find(SettingScope.DISK, c.setting()).map(s -> s.mechanism() == SettingMechanism.HDPARM)
                        .orElse(false);
                return hdparm && device.equals(c.device()) ? Optional.of(c) : Optional.empty();
            }
        });
    }

    /** A visitor answering {@code otherwise} for every kind it does not override. */
    private abstract static class Kind<R> implements ChangeVisitor<R> {
        private final R otherwise;

        Kind(R otherwise) {
            this.otherwise = otherwise;
        }

        @Override
        public R writeFile(WriteFile c) {
            return otherwise;
        }

        @Override
        public R deleteFile(DeleteFile c) {
            return otherwise;
        }

        @Override
        public R runProgram(RunProgram c) {
            return otherwise;
        }

        @Override
        public R verify(Verify c) {
            return otherwise;
        }

        @Override
        public R writeAttribute(WriteAttribute c) {
            return otherwise;
        }

        @Override
        public R programSetting(ProgramSetting c) {
            return otherwise;
        }
    }
}
