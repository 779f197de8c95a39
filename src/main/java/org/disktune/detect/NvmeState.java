package org.disktune.detect;

import java.util.List;

import org.disktune.kernel.NvmeControllerLog;

/**
 * What the machine shows of its NVMe controllers' power management: the controllers the last boot's kernel log shows
 * in trouble (timeouts, resets, a controller lost: {@link org.disktune.kernel.NvmeTroubleKind}), and the APST limit they
 * run with, {@code /sys/module/nvme_core/parameters/default_ps_max_latency_us} (0: APST off; null: not readable, e.g.
 * no NVMe driver loaded or a tree without it).
 *
 * @param troubled         the controllers with at least one trouble line, in log order
 * @param apstMaxLatencyUs nvme_core's default_ps_max_latency_us as the kernel shows it, or null
 */
public record NvmeState(List<NvmeControllerLog> troubled, String apstMaxLatencyUs) {
    /** Nothing known: no trouble in a log, no parameter read. */
    public static final NvmeState UNKNOWN = new NvmeState(List.of(), null);

    public NvmeState {
        troubled = List.copyOf(troubled);
    }

    /** True when the kernel shows APST turned off (a limit of 0 microseconds). */
    public boolean apstOff() {
        return "0".equals(apstMaxLatencyUs);
    }
}
