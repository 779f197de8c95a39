package org.disktune.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The NVMe facts of one boot: each controller the {@code nvme} driver printed about, the PCI function it is, and its
 * trouble lines ({@link NvmeLineParsers}). A line on the PCI function ({@code nvme 0000:01:00.0: ...}) belongs to the
 * controller whose {@code pci function} line names it.
 */
final class NvmeBootFacts {
    private final FactLimits limits;
    /** By controller name, or by PCI function while no controller has named it. */
    private final Map<String, State> controllers = new LinkedHashMap<>();

    NvmeBootFacts(FactLimits limits) {
        this.limits = limits;
    }

    /** A line starting with "nvme "; false when it is not the driver's. */
    boolean accept(String msg) {
        String[] g = NvmeLineParsers.device(msg);
        if (g == null) {
            return false;
        }
        String device = g[0];
        String message = g[1].strip();
        State c = device.startsWith("nvme") ? named(device) : byPci(device);
        if (c == null) {
            return true;
        }
        String[] pci = NvmeLineParsers.pciFunction(message);
        if (pci != null && c.name != null) {
            c.pciAddress = pci[0];
            State early = controllers.remove(pci[0]);
            if (early != null) {
                early.trouble.forEach(t -> c.add(t));
                c.troubleLines += early.troubleLines - early.trouble.size();
            }
            return true;
        }
        NvmeTroubleKind kind = NvmeLineParsers.trouble(message);
        if (kind != null) {
            c.add(new NvmeTrouble(kind, msg.strip()));
        }
        return true;
    }

    private State named(String name) {
        State c = controllers.get(name);
        if (c == null && limits.hasRoom(controllers)) {
            c = new State(name, null);
            controllers.put(name, c);
        }
        return c;
    }

    private State byPci(String pci) {
        for (State c : controllers.values()) {
            if (pci.equals(c.pciAddress)) {
                return c;
            }
        }
        State c = controllers.get(pci);
        if (c == null && limits.hasRoom(controllers)) {
            c = new State(null, pci);
            controllers.put(pci, c);
        }
        return c;
    }

    List<NvmeControllerLog> controllers() {
        return controllers.values().stream().map(c -> new NvmeControllerLog(c.name, c.pciAddress, c.troubleLines, c.trouble)).toList();
    }

    private static final class State {
        final String name;
        String pciAddress;
        int troubleLines;
        final List<NvmeTrouble> trouble = new ArrayList<>();

        State(String name, String pciAddress) {
            this.name = name;
            this.pciAddress = pciAddress;
        }

        void add(NvmeTrouble t) {
            troubleLines++;
            if (trouble.size() < FactLimits.MAX_LIST) {
                trouble.add(t);
            }
        }
    }
}
