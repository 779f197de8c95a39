package org.disktune.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the disk facts of one boot from its kernel messages, line by line: the kernel's version and command line
 * and the controllers here, each bus in its own collector ({@link AtaBootFacts}, {@link ScsiBootFacts},
 * {@link IdeBootFacts}, {@link NvmeBootFacts}). Memory stays bounded: only facts are kept, never lines, and the number of devices, ports and
 * lines per device is capped ({@link FactLimits}).
 */
final class BootFactsCollector {
    static final int MAX_ENTRIES = FactLimits.MAX_ENTRIES;

    private final int index;
    private final FactLimits limits = new FactLimits();
    private final AtaBootFacts ata = new AtaBootFacts(limits);
    private final ScsiBootFacts scsi = new ScsiBootFacts(limits);
    private final IdeBootFacts ide = new IdeBootFacts(limits);
    private final NvmeBootFacts nvme = new NvmeBootFacts(limits);
    private String kernelVersion;
    private String commandLine;
    private String unknownParameters;
    private String startedAt;
    private boolean complete;
    private final Map<String, ControllerState> controllers = new LinkedHashMap<>();

    BootFactsCollector(int index) {
        this.index = index;
    }

    boolean capped() {
        return limits.capped();
    }

    /** The prefixes (of the stripped message) under which {@link #accept} looks further; it ignores any other. */
    private static final byte[][] USED_PREFIXES = ascii("ata", "hd", "ide", "scsi", "sd ", "SCSI device ", "Linux version ",
            "ahci", "pata_", "sata_", "pdc_adma", "acard-ahci", "nvme ", "Unknown ");
    private static final byte[] COMMAND_LINE_KEY = KernelLogLineNormalizer.ascii("ommand line");
    private static final byte[] VENDOR_KEY = KernelLogLineNormalizer.ascii("Vendor");

    private static byte[][] ascii(String... words) {
        byte[][] out = new byte[words.length][];
        for (int i = 0; i < words.length; i++) {
            out[i] = KernelLogLineNormalizer.ascii(words[i]);
        }
        return out;
    }

    /**
     * True when {@link #accept} of a line without wall-clock time and with the ASCII message {@code bytes[from, to)}
     * would change nothing: stripped, it is empty, or it starts with none of the prefixes {@code accept} tests
     * (the CONTROLLER drivers among them), holds neither "ommand line: " nor "Vendor: ", and no old-style SCSI
     * inquiry waits for its Type line. False is safe (the line goes through {@code accept}).
     */
    boolean ignores(byte[] b, int from, int to) {
        if (scsi.awaitsType()) {
            return false;
        }
        int s = from;
        while (s < to && Character.isWhitespace(b[s])) {
            s++;
        }
        if (s < to && PREFIX_START[b[s] & 0x7f]) {
            for (byte[] prefix : USED_PREFIXES) {
                if (KernelLogLineNormalizer.startsWith(b, s, to, prefix)) {
                    return false;
                }
            }
        }
        for (int c = s; c + 1 < to; c++) {
            if (b[c] == ':' && b[c + 1] == ' '
                    && (KernelLogLineNormalizer.startsWith(b, c - COMMAND_LINE_KEY.length, c, COMMAND_LINE_KEY)
                        || KernelLogLineNormalizer.startsWith(b, c - VENDOR_KEY.length, c, VENDOR_KEY))) {
                return false;
            }
        }
        return true;
    }

    /** The first bytes of USED_PREFIXES. */
    private static final boolean[] PREFIX_START = new boolean[128];

    static {
        for (byte[] prefix : USED_PREFIXES) {
            PREFIX_START[prefix[0]] = true;
        }
    }

    void accept(KernelLogLine line) {
        if (startedAt == null && line.wallClock() != null) {
            startedAt = line.wallClock();
        }
        String msg = line.message().strip();
        if (msg.isEmpty()) {
            return;
        }
        String[] g;
        if (msg.startsWith("ata") && ata.ata(msg)) {
            return;
        } else if (msg.startsWith("hd") && (g = ScsiIdeLineParsers.ide(msg)) != null) {
            ide.accept(g[0], g[1]);
        } else if (msg.startsWith("ide") && msg.contains("BIOS settings")) {
            ide.biosSettings(msg);
        } else if (msg.startsWith("scsi") || msg.startsWith("sd ") || msg.startsWith("SCSI device ")) {
            scsi.accept(msg);
        } else if (msg.startsWith("nvme ") && nvme.accept(msg)) {
            return;
        } else if (msg.startsWith("Linux version ")) {
            if ((g = ScsiIdeLineParsers.version(msg)) != null) {
                kernelVersion = g[0];
                complete = true;
            }
        } else if (msg.startsWith("Unknown ") && (g = ScsiIdeLineParsers.unknownParameters(msg)) != null) {
            unknownParameters = g[0] != null ? g[0] : g[1].strip();
        } else if (msg.contains("ommand line: ") && (g = ScsiIdeLineParsers.commandLine(msg)) != null) {
            if (commandLine == null) {
                commandLine = g[0].strip();
            }
        } else if (msg.indexOf(": ") > 0 && (g = ScsiIdeLineParsers.controller(msg)) != null) {
            controller(g[0], g[1], g[2].strip());
        } else if (msg.contains("Vendor: ") && scsi.oldInquiry(msg)) {
            return;
        } else {
            scsi.oldType(msg);
        }
    }

    private void controller(String driver, String pci, String text) {
        String key = driver + " " + pci;
        ControllerState c = controllers.get(key);
        if (c == null) {
            if (!limits.hasRoom(controllers)) {
                return;
            }
            c = new ControllerState(driver, pci);
            controllers.put(key, c);
        }
        String[] mode = ScsiIdeLineParsers.nvMode(text);
        if (mode != null) {
            c.mode = mode[0];
        }
        if (!c.messages.contains(text)) {
            FactLimits.addCapped(c.messages, text);
        }
    }

    /** The boot's facts. */
    KernelBoot toBoot() {
        List<ControllerLog> ctl = controllers.values().stream().map(c -> new ControllerLog(c.driver, c.pci, c.mode, c.messages)).toList();
        return new KernelBoot(index, kernelVersion, commandLine, startedAt, complete, ctl, scsi.hosts(),
                ata.ports(), ata.links(), ata.devices(), ide.disks(), scsi.disks(), nvme.controllers(), unknownParameters);
    }

    private static final class ControllerState {
        final String driver;
        final String pci;
        String mode;
        final List<String> messages = new ArrayList<>();

        ControllerState(String driver, String pci) {
            this.driver = driver;
            this.pci = pci;
        }
    }
}
