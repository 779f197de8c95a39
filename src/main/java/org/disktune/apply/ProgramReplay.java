package org.disktune.apply;

import java.util.ArrayList;
import java.util.List;

import org.disktune.host.CommandResult;
import org.disktune.host.Host;

/**
 * Runs program settings again without a journal entry or the lock: what {@code disktune apply --device}
 * does when udev's rule or the boot unit replays the hdparm settings of a disk that apply already
 * journaled (a drive forgets APM, write cache and multcount at power-on, so each boot and hotplug sets
 * them again; the journal holds how to undo them once, from the apply that made them). Every setting is
 * tried; the outcome names the ones that failed with the program's first error line.
 */
public final class ProgramReplay {
    /** Each command line that ran, and each that failed with its exit status and first error line. */
    public record Outcome(List<String> ran, List<String> failed) {
    }

    private ProgramReplay() {
    }

    public static Outcome run(Host host, List<ProgramSetting> settings) {
        List<String> ran = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (ProgramSetting setting : settings) {
            List<String> argv = setting.argv();
            CommandResult result = host.commands().run(argv);
            if (result.ok()) {
                ran.add(String.join(" ", argv));
            } else {
                String stderr = result.stderr() == null ? "" : result.stderr().strip().lines().findFirst().orElse("");
                failed.add(String.join(" ", argv) + " exited " + result.exitCode() + (stderr.isEmpty() ? "" : ": " + stderr));
            }
        }
        return new Outcome(List.copyOf(ran), List.copyOf(failed));
    }
}
