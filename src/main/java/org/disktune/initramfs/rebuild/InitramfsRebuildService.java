package org.disktune.initramfs.rebuild;

import java.util.ArrayList;
import java.util.List;

import org.disktune.apply.JournalEntry;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PlanRenderer;
import org.disktune.host.Host;
import org.disktune.apply.ChangePreflight;
import org.disktune.initramfs.rebuild.InitramfsRebuildService;
import org.disktune.initramfs.rebuild.InitramfsRebuildPlanner;
import org.disktune.initramfs.rebuild.InitramfsPostconditionChecker;
import org.disktune.initramfs.rebuild.RebuildTarget;
import org.disktune.initramfs.rebuild.RebuildStep;
import org.disktune.initramfs.rebuild.RebuildResult;

/**
 * Backs {@code disktune initramfs rebuild}: one run of the generator per kernel (or the one named),
 * each image backed up first and checked afterwards (readable, and holding disktune's files exactly
 * as the host does); a failed run or check puts every image back and throws ROLLED_BACK.
 */
public final class InitramfsRebuildService {
    private final Host host;

    public InitramfsRebuildService(Host host) {
        this.host = host;
    }

    public RebuildResult rebuild(String kernel, boolean dryRun) {
        if (!dryRun) {
            ChangePreflight.requireRoot(host, "initramfs rebuild");
        }
        RebuildTarget target = new InitramfsRebuildPlanner(host).target(kernel);
        Plan plan = new InitramfsRebuildPlanner(host).plan(target);
        List<String> notes = new ArrayList<>();
        String journalId = null;
        String bootId = null;
        if (dryRun) {
            if (target.generator().program() == null) {
                notes.add(target.program() + " is not installed in this machine's tree; the command is shown as it would run");
            }
        } else {
            target.requireRunnable(host);
            JournalEntry entry = new PlanExecutor(new InitramfsPostconditionChecker()).apply(host, plan, "initramfs rebuild " + String.join(" ", target.kernels()))
                    .orElseThrow();
            journalId = entry.id();
            bootId = entry.bootId();
        }
        return new RebuildResult(dryRun, target.generatorName(), target.kernels(), target.images(),
                target.steps().stream().map(RebuildStep::argv).toList(), new PlanRenderer().render(plan), journalId, bootId, notes);
    }
}
