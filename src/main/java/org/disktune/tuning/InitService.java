package org.disktune.tuning;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.apply.JournalEntry;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PostconditionChecker;
import org.disktune.apply.WriteFile;
import org.disktune.config.DesiredStateReader;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.detect.MachineDetector;
import org.disktune.host.Host;
import org.disktune.modprobe.DriverCatalog;

/**
 * Backs {@code disktune init}: proposes a configuration from what {@code detect} finds ({@link InitProposer}) and,
 * with {@code write}, installs it as {@value DesiredStateReader#PATH} through the executor (atomic, backed up,
 * journaled: {@code disktune undo} takes it back), never over an existing file unless forced.
 */
public final class InitService {
    private final Host host;

    public InitService(Host host) {
        this.host = host;
    }

    /** The proposal, its reasons, and whether (and by which journal entry) it was written. */
    public record InitResult(String path, String text, List<String> reasons, List<String> notes, boolean written, String journalId) {
        public InitResult {
            reasons = List.copyOf(reasons);
            notes = List.copyOf(notes);
        }
    }

    public InitResult init(boolean write, boolean force) {
        Proposal proposal = new InitProposer(DriverCatalog.load()).propose(new MachineDetector(host).detect());
        if (!write) {
            return new InitResult(DesiredStateReader.PATH, proposal.text(), proposal.reasons(), proposal.notes(), false, null);
        }
        ChangePreflight.requireRoot(host, "init --write");
        byte[] current = read();
        if (current != null && !force) {
            throw DisktuneException.usage(DesiredStateReader.PATH + " exists already; disktune init --write never replaces it: "
                    + "compare with 'disktune init', edit it, or add --force to replace it (the old file is backed up)");
        }
        byte[] wanted = proposal.text().getBytes(StandardCharsets.UTF_8);
        Plan plan = Plan.of(new WriteFile(DesiredStateReader.PATH, current, wanted, "the configuration disktune init proposes"));
        String journal = new PlanExecutor(PostconditionChecker.NONE).apply(host, plan, "init --write").map(JournalEntry::id).orElse(null);
        return new InitResult(DesiredStateReader.PATH, proposal.text(), proposal.reasons(), proposal.notes(), true, journal);
    }

    private byte[] read() {
        Path p = host.path(DesiredStateReader.PATH);
        try {
            return Files.exists(p) ? Files.readAllBytes(p) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + DesiredStateReader.PATH + ": " + e.getMessage(), e);
        }
    }
}
