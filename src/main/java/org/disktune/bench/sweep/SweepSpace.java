package org.disktune.bench.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.disktune.detect.Disk;

/**
 * The values a sweep tries for each setting of one disk, and the disk's current settings (the baseline every point is
 * measured against).
 *
 * <ul>
 * <li>schedulers: those the device offers in {@code queue/scheduler} (the kernel lists only the elevators that are
 * built in or loaded, so each of them can be selected);</li>
 * <li>queue depths: 1 (one command at a time, what disabling NCQ amounts to) and the current and the drive's maximum
 * NCQ depth, only when the disk has {@code device/queue_depth} (SCSI and libata disks) and supports NCQ; otherwise
 * null: not swept (virtio, NVMe, loop devices have no such attribute);</li>
 * <li>read_ahead_kb: 128 (the kernel's default, VM_READAHEAD_PAGES), 1024 and 4096 (the values the seed reports tried)
 * and the current value.</li>
 * </ul>
 */
public record SweepSpace(SweepPoint baseline, List<String> schedulers, List<Integer> queueDepths, List<Integer> readAheads) {
    /** The read-ahead values tried besides the current one. */
    public static final List<Integer> READ_AHEADS = List.of(128, 1024, 4096);

    public SweepSpace {
        schedulers = List.copyOf(schedulers);
        queueDepths = queueDepths == null ? null : List.copyOf(queueDepths);
        readAheads = List.copyOf(readAheads);
        if ((queueDepths == null) != (baseline.queueDepth() == null)) {
            throw new IllegalArgumentException("queue depth swept but no current value, or the reverse");
        }
    }

    /**
     * The space of {@code disk} as the detector read it; empty when a setting the sweep needs is unknown (no scheduler
     * list or no read-ahead value).
     */
    public static java.util.Optional<SweepSpace> of(Disk disk) {
        if (disk.scheduler() == null || disk.schedulers() == null || disk.schedulers().isEmpty() || disk.readAheadKb() == null) {
            return java.util.Optional.empty();
        }
        List<Integer> depths = null;
        Integer current = null;
        if (disk.queueDepth() != null && Boolean.TRUE.equals(disk.ncqSupported())) {
            current = disk.queueDepth();
            TreeSet<Integer> d = new TreeSet<>(List.of(1, current));
            if (disk.ncqMaxDepth() != null && disk.ncqMaxDepth() >= 1) {
                d.add(disk.ncqMaxDepth());
            }
            depths = new ArrayList<>(d);
        }
        TreeSet<Integer> ra = new TreeSet<>(READ_AHEADS);
        ra.add(disk.readAheadKb());
        List<String> schedulers = new ArrayList<>(disk.schedulers());
        if (!schedulers.contains(disk.scheduler())) {
            schedulers.add(0, disk.scheduler());
        }
        return java.util.Optional.of(new SweepSpace(new SweepPoint(disk.scheduler(), current, disk.readAheadKb()), schedulers, depths,
                new ArrayList<>(ra)));
    }

    /** Every point of the space but the baseline, in the order scheduler, queue depth, read-ahead. */
    public List<SweepPoint> points() {
        List<SweepPoint> points = new ArrayList<>();
        List<Integer> depths = queueDepths == null ? java.util.Collections.singletonList(null) : queueDepths;
        for (String s : schedulers) {
            for (Integer q : depths) {
                for (int r : readAheads) {
                    SweepPoint p = new SweepPoint(s, q, r);
                    if (!p.equals(baseline)) {
                        points.add(p);
                    }
                }
            }
        }
        return points;
    }
}
