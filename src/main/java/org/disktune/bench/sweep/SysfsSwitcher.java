package org.disktune.bench.sweep;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.disktune.apply.Change;
import org.disktune.apply.Plan;
import org.disktune.apply.PlanExecutor;
import org.disktune.apply.PostconditionChecker;
import org.disktune.apply.WriteAttribute;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;
import org.disktune.host.HostLock;

/**
 * Switches a block device's scheduler, queue depth and read-ahead for a sweep, with one journal entry for the whole
 * sweep: before the first switch, an entry (through the {@link PlanExecutor}) holds the value before the sweep of every
 * attribute it may change (scheduler, read_ahead_kb, queue_depth when swept, nr_requests), each written with its own
 * value, which changes nothing; the switches after it write sysfs directly through {@link Host#writeAttribute} (its
 * allow-list) under the host lock, one lock per switch. So {@code disktune history} shows one sweep as one entry, and
 * {@code disktune rollback --to ID} of that entry puts back every setting as it was before the sweep after a SIGKILL or
 * a power cut (rollback writes each attribute's old value, schedulers first). Also puts the baseline back on
 * {@link #restore}, which a shutdown hook calls on Ctrl-C, SIGTERM or SIGHUP (the JVM runs hooks on those signals;
 * SIGKILL runs nothing).
 *
 * <p>{@code queue/nr_requests}: writing {@code queue/scheduler} makes the kernel set nr_requests to the new elevator's
 * default (block/elevator.c, elevator_switch; see apply.SysfsOrder), so the switch back to the baseline writes
 * nr_requests back after the scheduler, and the entry holds its value before the sweep for a rollback.
 *
 * <p>Thread safety: the sweep's thread and the shutdown hook both switch; a switch runs under one monitor, the hook
 * first marks the switcher stopped (the sweep's next switch fails) and then waits for a switch under way to finish, so
 * the two never hold the host lock at once (a second lock from one JVM is refused, see host.HostLock).
 */
public final class SysfsSwitcher implements Switcher {
    private final Host host;
    private final String device;
    private final String identity;
    private final SweepPoint baseline;
    private final String baselineNrRequests;
    private final Object monitor = new Object();
    private final PlanExecutor executor = new PlanExecutor(PostconditionChecker.NONE);
    private volatile boolean stopped;
    private String journalId;
    private int switches;

    /** A switcher for {@code device} whose current settings are {@code baseline} (nr_requests is read now). */
    public SysfsSwitcher(Host host, String device, String identity, SweepPoint baseline) {
        this.host = host;
        this.device = device;
        this.identity = identity;
        this.baseline = baseline;
        this.baselineNrRequests = readOptional("queue/nr_requests");
    }

    @Override
    public void set(SweepPoint point, String why) {
        synchronized (monitor) {
            if (stopped) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, "the sweep of " + device + " was stopped; its settings were put back");
            }
            apply(point, why);
        }
    }

    /** Puts the baseline back (nothing when it is in force) and checks it reads back; idempotent. */
    public void restore() {
        synchronized (monitor) {
            apply(baseline, "back to the settings before the sweep");
            SweepPoint now = current();
            String nr = readOptional("queue/nr_requests");
            if (!now.equals(baseline) || !Objects.equals(nr, baselineNrRequests)) {
                throw new DisktuneException(ExitCode.ENVIRONMENT, device + " reads " + now.label() + " nr_requests=" + nr + " after the sweep, not "
                        + baseline.label() + " nr_requests=" + baselineNrRequests + "; run disktune rollback --to " + journalId);
            }
        }
    }

    /** From the shutdown hook: no switch after this one, and the baseline back. */
    public void stopAndRestore() {
        stopped = true;
        restore();
    }

    /** The sweep's journal entry, null before the first switch. */
    public String firstJournalId() {
        synchronized (monitor) {
            return journalId;
        }
    }

    /** How many switches changed a setting. */
    public int switches() {
        synchronized (monitor) {
            return switches;
        }
    }

    /** The settings in force now, read from sysfs. */
    public SweepPoint current() {
        String qd = baseline.queueDepth() == null ? null : read("device/queue_depth");
        return new SweepPoint(read("queue/scheduler"), qd == null ? null : Integer.valueOf(qd), Integer.parseInt(read("queue/read_ahead_kb")));
    }

    private void apply(SweepPoint point, String why) {
        List<WriteAttribute> writes = new ArrayList<>();
        String scheduler = read("queue/scheduler");
        String nr = readOptional("queue/nr_requests");
        boolean toBaseline = point.equals(baseline);
        boolean switchesScheduler = !point.scheduler().equals(scheduler);
        if (switchesScheduler) {
            writes.add(write("queue/scheduler", scheduler, point.scheduler(), why));
        }
        String ra = read("queue/read_ahead_kb");
        if (!ra.equals(Integer.toString(point.readAheadKb()))) {
            writes.add(write("queue/read_ahead_kb", ra, Integer.toString(point.readAheadKb()), why));
        }
        if (point.queueDepth() != null) {
            String qd = read("device/queue_depth");
            if (!qd.equals(point.queueDepth().toString())) {
                writes.add(write("device/queue_depth", qd, point.queueDepth().toString(), why));
            }
        }
        if (toBaseline && nr != null && baselineNrRequests != null && (switchesScheduler || !nr.equals(baselineNrRequests))) {
            writes.add(write("queue/nr_requests", nr, baselineNrRequests, why));
        }
        if (writes.isEmpty()) {
            return;
        }
        if (journalId == null) {
            journalId = journalBaseline();
        }
        try (HostLock lock = HostLock.acquire(host)) {
            for (WriteAttribute w : writes) {
                host.writeAttribute(w.path(), w.newValue());
            }
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot switch " + device + " to " + point.label() + ": " + e.getMessage()
                    + "; the settings before the sweep are in journal entry " + journalId, e);
        }
        switches++;
    }

    /**
     * The sweep's one journal entry: every attribute the sweep may change, written with the value it has now (so
     * nothing changes), so that the entry holds the values before the sweep for a rollback.
     */
    private String journalBaseline() {
        List<Change> changes = new ArrayList<>();
        List<String> attributes = new ArrayList<>(List.of("queue/scheduler", "queue/read_ahead_kb"));
        if (baseline.queueDepth() != null) {
            attributes.add("device/queue_depth");
        }
        if (baselineNrRequests != null) {
            attributes.add("queue/nr_requests");
        }
        for (String attribute : attributes) {
            String now = read(attribute);
            changes.add(write(attribute, now, now, "the value before the sweep, which disktune rollback --to this entry puts back"));
        }
        return executor.apply(host, new Plan(changes), "tune " + device + ": sweep from " + baseline.label()
                + " (one entry for all its switches; rollback --to it puts these settings back)").orElseThrow().id();
    }

    private WriteAttribute write(String attribute, String old, String value, String why) {
        return new WriteAttribute("/sys/block/" + device + "/" + attribute, device, identity, old, value, "disktune tune: " + why);
    }

    private String read(String attribute) {
        try {
            return host.readAttribute("/sys/block/" + device + "/" + attribute);
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read /sys/block/" + device + "/" + attribute + ": " + e.getMessage(), e);
        }
    }

    private String readOptional(String attribute) {
        try {
            return host.readAttribute("/sys/block/" + device + "/" + attribute);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
