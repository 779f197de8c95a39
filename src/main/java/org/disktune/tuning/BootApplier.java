package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;

import org.disktune.apply.Change;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PostconditionChecker;
import org.disktune.apply.ProgramReplay;
import org.disktune.apply.ProgramSetting;
import org.disktune.config.DesiredState;
import org.disktune.core.DisktuneException;
import org.disktune.detect.MachineReport;
import org.disktune.host.Host;
import org.disktune.apply.ChangePreflight;

/** {@code apply --boot} (run by disktune.service) and {@code apply --device NAME} (run by the udev rule). */
final class BootApplier {
    private final DesiredStateInputs inputs;

    BootApplier(DesiredStateInputs inputs) {
        this.inputs = inputs;
    }

    /**
     * Makes the live settings that udev cannot reach (mount options, values a device refused when it appeared, settings
     * of arrays assembled late) and checks the rest: files that differ from the configuration and module options are
     * reported as pending, never written, and no image is rebuilt. The outcome is kept in {@value BootStatus#PATH}.
     */
    DesiredStateService.BootResult applyAtBoot() {
        Host host = inputs.host();
        inputs.requireLive("apply --boot");
        ChangePreflight.requireRoot(host, "apply --boot");
        BootStatus status = new BootStatus(host);
        try {
            DesiredStateService.DesiredPlan planned = new DesiredPlanMaker(inputs).plan(false);
            List<Change> live = new ArrayList<>();
            List<String> pending = new ArrayList<>();
            for (Change change : planned.plan().changes()) {
                if (LiveSteps.isLive(change)) {
                    live.add(change);
                } else {
                    LiveSteps.touchedFile(change).filter(f -> !pending.contains(f)).ifPresent(pending::add);
                }
            }
            Plan applied = new Plan(live);
            String id = new PlanExecutor(PostconditionChecker.NONE).apply(host, applied, "apply --boot")
                    .map(JournalEntry::id).orElse(null);
            DesiredStateService.BootResult result = new DesiredStateService.BootResult(applied, id, pending);
            status.write(result, null);
            return result;
        } catch (DisktuneException e) {
            status.write(null, e.getMessage());
            throw e;
        }
    }

    /**
     * Sets one disk's hdparm settings (udev's ATTR assignments already set its sysfs values) and returns. No lock and no
     * journal: it replays settings that {@code disktune apply} made and journaled, and udev runs it for several disks at once.
     */
    DesiredStateService.DeviceResult applyDevice(String device) {
        Host host = inputs.host();
        inputs.requireLive("apply --device");
        ChangePreflight.requireRoot(host, "apply --device");
        if (!device.matches("[A-Za-z0-9][A-Za-z0-9._:-]*")) {
            throw DisktuneException.usage("--device " + device + " is not a kernel device name; give one as udev's %k gives it (sdb, nvme0n1)");
        }
        DesiredState state = DesiredStateInputs.valid(inputs.load());
        MachineReport machine = inputs.detect();
        if (machine.disks().stream().noneMatch(d -> d.name().equals(device))) {
            throw DisktuneException.usage("no disk " + device + " on this machine; see disktune detect");
        }
        TuningPlan tuning = inputs.tune(state, machine);
        DesiredStateInputs.requireNoErrors(tuning.errors());
        PersistencePlanner.Steps persistence = inputs.persistence(state, tuning, machine, inputs.udevRunning());
        List<ProgramSetting> settings = new ArrayList<>();
        for (Change change : persistence.live()) {
            LiveSteps.hdparmOf(change, device).ifPresent(settings::add);
        }
        ProgramReplay.Outcome outcome = ProgramReplay.run(host, settings);
        return new DesiredStateService.DeviceResult(device, outcome.ran(), outcome.failed());
    }
}
