package org.disktune.kernel;

import static org.disktune.kernel.LineGroups.whole;

import java.util.regex.Pattern;

/**
 * The NVMe lines of {@link BootFactsCollector}, in the forms of drivers/nvme/host/pci.c and core.c from Linux 4.5 to
 * 6.18 (src/test/resources/nvme/README.md names the source of each). Each reader gives the groups 1..n of its
 * pattern, or null where the pattern does not match the whole text.
 */
final class NvmeLineParsers {
    private NvmeLineParsers() {
    }

    private static final String PCI = "[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]";

    /** The patterns, compiled when a reader is first used. */
    private static final class Patterns {
        /** dev_warn on the controller ({@code nvme nvme0: }) or, before Linux 4.5 and for probe lines, on the PCI function. */
        static final Pattern DEVICE = Pattern.compile("^nvme (nvme\\d{1,6}|" + PCI + "): (.*)$");
        static final Pattern PCI_FUNCTION = Pattern.compile("^pci function (" + PCI + ")$");
        /**
         * nvme_timeout: {@code I/O %d QID %d timeout, ...} (to 6.1), {@code I/O %d (%s) QID %d ...} (6.2),
         * {@code I/O tag %d (%04x) opcode %#x (%s) QID %d ...} (later kernels), then the request of an abort ({@code req_op:READ(0) size:4096}).
         */
        static final Pattern TIMEOUT = Pattern.compile("^I/O (?:tag )?(\\d{1,10}) (?:\\([0-9a-f]{1,8}\\) )?(?:opcode (?:0x)?[0-9a-f]{1,8} )?"
                + "(?:\\([^()]{0,40}\\) )?QID (\\d{1,6}) timeout, (aborting|reset controller|disable controller|completion polled)(?: req_op:.*)?$");
        static final Pattern CONTROLLER_DOWN = Pattern.compile("^controller is down; will reset: CSTS=0x([0-9a-f]{1,8}), PCI_STATUS.*$");
        static final Pattern NOT_READY = Pattern.compile("^Device not ready; aborting (\\w{1,20})(?:, CSTS=0x([0-9a-f]{1,8}))?$");
        static final Pattern RESET_FAILED = Pattern.compile("^(?:Removing after probe failure|Disabling device after reset failure)"
                + "(?: status)?: (-?\\d{1,6})$");
        static final Pattern APST_FAILED = Pattern.compile("^failed to set APST feature \\((-?\\d{1,6})\\)$");
        static final Pattern POWER_SAVING = Pattern.compile("^(?:Does your device have a faulty power saving mode enabled\\?"
                + "|Try \"nvme_core\\.default_ps_max_latency_us=0 .*)$");
    }

    /** {@code nvme nvme0: message} or {@code nvme 0000:01:00.0: message}: the controller or PCI function, the message. */
    static String[] device(String s) {
        return whole(Patterns.DEVICE, s);
    }

    /** {@code pci function 0000:01:00.0}: the PCI function. */
    static String[] pciFunction(String s) {
        return whole(Patterns.PCI_FUNCTION, s);
    }

    /** The kind of trouble a controller's message reports, or null for any other message (a timeout whose completion was polled too). */
    static NvmeTroubleKind trouble(String message) {
        String[] g = whole(Patterns.TIMEOUT, message);
        if (g != null) {
            return switch (g[2]) {
                case "aborting" -> NvmeTroubleKind.TIMEOUT_ABORT;
                case "reset controller" -> NvmeTroubleKind.TIMEOUT_RESET;
                case "disable controller" -> NvmeTroubleKind.TIMEOUT_DISABLE;
                default -> null; // the interrupt was lost, the command had completed: not the controller's trouble
            };
        }
        if (whole(Patterns.CONTROLLER_DOWN, message) != null) {
            return NvmeTroubleKind.CONTROLLER_DOWN;
        }
        if (whole(Patterns.NOT_READY, message) != null) {
            return NvmeTroubleKind.NOT_READY;
        }
        if (whole(Patterns.RESET_FAILED, message) != null) {
            return NvmeTroubleKind.RESET_FAILED;
        }
        if (whole(Patterns.APST_FAILED, message) != null) {
            return NvmeTroubleKind.APST_FAILED;
        }
        return whole(Patterns.POWER_SAVING, message) != null ? NvmeTroubleKind.POWER_SAVING_SUSPECTED : null;
    }
}
