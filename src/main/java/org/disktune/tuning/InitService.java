package org.disktune.tuning;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.JournalEntry;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PostconditionChecker;
import org.disktune.apply.WriteFile;
import org.disktune.config.DesiredStateReader;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.hdparm.HdparmConfParser;
import org.disktune.host.Host;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.apply.ChangePreflight;

/**
 * Backs {@code disktune init}: proposes a configuration from what {@code detect} finds ({@link InitProposer}) and,
 * with {@code write}, installs it as {@value DesiredStateReader#PATH} through the executor (atomic, backed up,
 * journaled: {@code disktune undo} takes it back), never over an existing file unless forced. When the host has Debian's
 * {@value #HDPARM_CONF}, its device blocks are imported into the proposal.
 */
public final class InitService {
    /** Debian's hdparm configuration, imported into the proposal when the host has it. */
    static final String HDPARM_CONF = PersistencePlanner.HDPARM_CONF;

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
        MachineReport report = new MachineDetector(host).detect();
        byte[] hdparmConf = readIfExists(HDPARM_CONF);
        Proposal proposal = new InitProposer(DriverCatalog.load()).propose(report,
                hdparmConf == null ? null : HdparmConfParser.parse(org.disktune.persist.HdparmConfBlock.withoutBlock(hdparmConf), HDPARM_CONF),
                this::kernelNameOf);
        if (!write) {
            return new InitResult(DesiredStateReader.PATH, proposal.text(), proposal.reasons(), proposal.notes(), false, null);
        }
        ChangePreflight.requireRoot(host, "init --write");
        byte[] current = readIfExists(DesiredStateReader.PATH);
        if (current != null && !force) {
            throw DisktuneException.usage(DesiredStateReader.PATH + " exists already; disktune init --write never replaces it: "
                    + "compare with 'disktune init', edit it, or add --force to replace it (the old file is backed up)");
        }
        byte[] wanted = proposal.text().getBytes(StandardCharsets.UTF_8);
        Plan plan = Plan.of(new WriteFile(DesiredStateReader.PATH, current, wanted, "the configuration disktune init proposes"));
        String journal = new PlanExecutor(PostconditionChecker.NONE).apply(host, plan, "init --write").map(JournalEntry::id).orElse(null);
        return new InitResult(DesiredStateReader.PATH, proposal.text(), proposal.reasons(), proposal.notes(), true, journal);
    }

    /**
     * The kernel name a device path of hdparm.conf stands for: /dev/NAME itself, or the name a link under /dev points to
     * ({@code /dev/disk/by-uuid/X -> ../../sdc1} is sdc1), read inside the host's root.
     */
    private Optional<String> kernelNameOf(String devicePath) {
        return kernelNameOf(host, devicePath);
    }

    /** As above, on any host (plan and verify compare hdparm.conf with the configuration too). */
    static Optional<String> kernelNameOf(Host host, String devicePath) {
        if (!devicePath.startsWith("/dev/") || devicePath.contains("/../")) {
            return Optional.empty();
        }
        Path p = host.node(devicePath);
        try {
            if (Files.isSymbolicLink(p)) {
                Path target = Files.readSymbolicLink(p).getFileName();
                return target == null ? Optional.empty() : Optional.of(target.toString());
            }
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        String rest = devicePath.substring(5);
        return rest.contains("/") ? Optional.empty() : Optional.of(rest);
    }

    private byte[] readIfExists(String machinePath) {
        Path p = host.path(machinePath);
        try {
            return Files.exists(p) ? Files.readAllBytes(p) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + machinePath + ": " + e.getMessage(), e);
        }
    }
}
