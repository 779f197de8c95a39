package org.disktune.apply;

/**
 * The one ordering rule between sysfs attributes: writing {@code queue/scheduler} switches the elevator, and the
 * kernel then sets {@code queue/nr_requests} to the new scheduler's default (block/elevator.c: elevator_switch calls
 * blk_mq_init_sched, which sets q->nr_requests; switching to none sets the tag set's depth). So a scheduler is written
 * (or put back) before the other attributes of its device, never after them.
 */
final class SysfsOrder {
    private SysfsOrder() {
    }

    /** True for the attribute whose write resets others of the same device: queue/scheduler. */
    static boolean resetsOthers(String path) {
        return path.endsWith("/queue/scheduler");
    }
}
