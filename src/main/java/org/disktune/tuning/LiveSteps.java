package org.disktune.tuning;

import java.util.Optional;

import org.disktune.apply.Change;
import org.disktune.apply.Plan;
import org.disktune.apply.ChangeVisitor;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.ProgramSetting;
import org.disktune.apply.RunProgram;
import org.disktune.apply.Verify;
import org.disktune.apply.WriteAttribute;
import org.disktune.apply.WriteFile;
import org.disktune.apply.WriteReadAhead;
import org.disktune.config.Setting;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingScope;

/** What {@code apply --boot} and {@code apply --device} need to know of a step. */
final class LiveSteps {
    private LiveSteps() {
    }

    /** True for a step that acts on the running machine only: a sysfs write or a setting made by a program. */
    static boolean isLive(Change change) {
        return change.live();
    }

    /** The file a step writes or deletes (a program's rewritten files count), if any. */
    static Optional<String> touchedFile(Change change) {
        return change.touchedFiles().stream().findFirst();
    }

    /** The program a setting step runs (hdparm, mount), if it is one. */
    static Optional<String> program(Change change) {
        return settingOf(change).map(c -> c.argv().get(0));
    }

    /** The step as an hdparm setting of the disk {@code device} (kernel name), if it is one. */
    static Optional<ProgramSetting> hdparmOf(Change change, String device) {
        return settingOf(change).filter(c -> device.equals(c.device()) && Setting.find(SettingScope.DISK, c.setting())
                .map(s -> s.mechanism() == SettingMechanism.HDPARM).orElse(false));
    }

    /** The step as a setting made by a program, if it is one; every kind answers, so a new kind must. */
    private static Optional<ProgramSetting> settingOf(Change change) {
        return change.accept(new ChangeVisitor<Optional<ProgramSetting>>() {
            @Override
            public Optional<ProgramSetting> writeFile(WriteFile c) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> deleteFile(DeleteFile c) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> runProgram(RunProgram c) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> verify(Verify c) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> writeAttribute(WriteAttribute c) {
                return Optional.empty();
            }

            @Override
            public Optional<ProgramSetting> programSetting(ProgramSetting c) {
                return Optional.of(c);
            }

            @Override
            public Optional<ProgramSetting> writeReadAhead(WriteReadAhead c) {
                return Optional.empty();
            }
        });
    }

    /**
     * Every program a setting step runs (hdparm, mount) is found, so that a plan does not change half the machine and
     * roll back because hdparm is not installed.
     */
    static void requirePrograms(Host host, Plan plan) {
        for (Change change : plan.changes()) {
            Optional<String> program = program(change);
            if (program.isPresent() && !host.commands().available(program.get())) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, program.get() + " is not installed, and the plan runs it ("
                        + change.reason() + "); install it (apt-get install " + program.get() + "), then run again");
            }
        }
    }
}
