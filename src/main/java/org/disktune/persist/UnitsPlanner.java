package org.disktune.persist;

import java.util.ArrayList;
import java.util.List;

import org.disktune.apply.Change;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.Plan;
import org.disktune.apply.RunProgram;
import org.disktune.apply.WriteFile;

/**
 * Plans {@code disktune units install} and {@code units remove} from a {@link UnitsState} (pure: no file
 * is read or written here). Install writes each shipped unit to /etc/systemd/system unless a package
 * installed it, then on the live machine runs {@code systemctl daemon-reload} (when a file changed),
 * {@code systemctl enable} and {@code systemctl start disktune-verify.timer} (so the daily check runs
 * without a reboot). Remove runs {@code systemctl disable --now} on the live machine (stopping the timer,
 * which would otherwise keep firing until the next boot), deletes the files install wrote, then
 * {@code daemon-reload}. On a --root tree no program runs (systemctl would act on this machine): the files
 * are written or deleted and the notes say what to run on the target. Installing twice plans nothing.
 */
public final class UnitsPlanner {
    private static final String TIMER = "disktune-verify.timer";

    /** A plan with what the user should know about it. */
    public record UnitsPlan(Plan plan, List<String> notes, List<String> warnings) {
        public UnitsPlan {
            notes = List.copyOf(notes);
            warnings = List.copyOf(warnings);
        }
    }

    public UnitsPlan install(UnitsState state) {
        List<Change> changes = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (String name : Units.NAMES) {
            if (state.packaged().contains(name)) {
                notes.add(name + " is installed by a package in " + Units.PACKAGE_DIRECTORIES.get(0) + "; only enabling it");
            } else if (!state.current(name)) {
                changes.add(new WriteFile(Units.ETC_DIRECTORY + "/" + name, state.etc().get(name), Units.shipped(name),
                        (state.etc().get(name) == null ? "install " : "update ") + name + " from disktune's units"));
            }
        }
        boolean filesChanged = !changes.isEmpty();
        List<String> toEnable = Units.ENABLED.stream().filter(n -> !state.enabled().contains(n)).toList();
        if (state.live()) {
            if (filesChanged && state.systemdRunning()) {
                changes.add(new RunProgram(List.of("systemctl", "daemon-reload"), "systemd reads the new unit files"));
            }
            if (!toEnable.isEmpty()) {
                List<String> argv = new ArrayList<>(List.of("systemctl", "enable"));
                argv.addAll(Units.ENABLED);
                changes.add(new RunProgram(argv, "apply at every boot (disktune.service) and verify daily (disktune-verify.timer)"));
                if (state.systemdRunning()) {
                    changes.add(new RunProgram(List.of("systemctl", "start", TIMER), "start the daily check now, not at the next boot"));
                } else {
                    notes.add("systemd does not run this system (no /run/systemd/system: a chroot or an image): the units are "
                            + "enabled and start at its next boot");
                }
            }
        } else if (!toEnable.isEmpty()) {
            notes.add("not the running system: enable the units on the target with: systemctl enable " + String.join(" ", Units.ENABLED)
                    + " (or from here: systemctl --root=DIR enable " + String.join(" ", Units.ENABLED) + ")");
        }
        if (!state.programPresent()) {
            warnings.add(Units.PROGRAM + " does not exist, and the units run it: install disktune there (for the jar, an "
                    + "executable script that runs java -jar /path/to/disktune.jar \"$@\")");
        }
        return new UnitsPlan(new Plan(changes), notes, warnings);
    }

    public UnitsPlan remove(UnitsState state) {
        List<Change> changes = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> enabled = Units.ENABLED.stream().filter(n -> state.enabled().contains(n)).toList();
        if (state.live() && !enabled.isEmpty()) {
            List<String> argv = new ArrayList<>(state.systemdRunning() ? List.of("systemctl", "disable", "--now") : List.of("systemctl", "disable"));
            argv.addAll(enabled);
            changes.add(new RunProgram(argv, "stop applying at boot and verifying daily"));
        } else if (!enabled.isEmpty()) {
            notes.add("not the running system: the links of " + String.join(" and ", enabled) + " stay; remove them with: "
                    + "systemctl --root=DIR disable " + String.join(" ", enabled));
        }
        boolean deleted = false;
        for (String name : Units.NAMES) {
            byte[] bytes = state.etc().get(name);
            if (bytes == null) {
                continue;
            }
            if (state.packaged().contains(name)) {
                notes.add(Units.ETC_DIRECTORY + "/" + name + " overrides the package's unit; it is the administrator's and stays");
                continue;
            }
            changes.add(new DeleteFile(Units.ETC_DIRECTORY + "/" + name, bytes, "remove " + name
                    + (state.current(name) ? "" : " (it differs from the unit disktune ships; the journal keeps a copy)")));
            deleted = true;
        }
        if (deleted && state.systemdRunning()) {
            changes.add(new RunProgram(List.of("systemctl", "daemon-reload"), "systemd forgets the removed unit files"));
        }
        return new UnitsPlan(new Plan(changes), notes, List.of());
    }
}
