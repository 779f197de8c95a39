package org.disktune.kernel;

import static org.disktune.kernel.FactLimits.parseInt;
import static org.disktune.kernel.FactLimits.parseLong;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The legacy IDE facts of one boot: each hdX drive's model, size, cache and modes, and the BIOS's DMA setting. */
final class IdeBootFacts {
    private final FactLimits limits;
    private final Map<String, IdeState> ideDisks = new TreeMap<>();

    IdeBootFacts(FactLimits limits) {
        this.limits = limits;
    }

    /** {@code ideN: BM-DMA at ..., BIOS settings: hda:DMA, hdb:pio}: each drive's setting. */
    void biosSettings(String msg) {
        List<String> bios = ScsiIdeLineParsers.ideBios(msg); // name, setting, name, setting...
        for (int i = 0; i + 1 < bios.size(); i += 2) {
            IdeState d = ideDisk(bios.get(i));
            if (d != null) {
                d.biosSetting = bios.get(i + 1);
            }
        }
    }

    /** The drives, by name. */
    List<IdeDiskLog> disks() {
        return ideDisks.values().stream().map(d -> new IdeDiskLog(d.name, d.model, d.media, d.maxRequestKib, d.sectors,
                d.megabytes, d.cacheKib, d.chs, d.dmaMode, d.selectedMode, d.biosSetting)).toList();
    }

    /** An {@code hdX: rest} line. */
    void accept(String name, String rest) {
        IdeState d;
        String[] g;
        if ((g = ScsiIdeLineParsers.ideModel(rest)) != null) {
            if ((d = ideDisk(name)) != null) {
                d.model = g[0].strip();
                d.media = g[1].strip();
            }
        } else if ((g = ScsiIdeLineParsers.ideRequest(rest)) != null) {
            if ((d = ideDisk(name)) != null) {
                d.maxRequestKib = parseInt(g[0]);
            }
        } else if ((g = ScsiIdeLineParsers.ideSectors(rest)) != null) {
            if ((d = ideDisk(name)) != null) {
                d.sectors = parseLong(g[0]);
                d.megabytes = parseLong(g[1]);
                d.cacheKib = g[2] == null ? null : parseInt(g[2]);
                d.chs = g[3];
                d.dmaMode = g[4];
            }
        } else if ((g = ScsiIdeLineParsers.ideSelected(rest)) != null) {
            if ((d = ideDisk(name)) != null) {
                d.selectedMode = g[0];
            }
        }
    }

    /** The IDE disk's state, made when new; null when the map is full. */
    private IdeState ideDisk(String name) {
        IdeState d = ideDisks.get(name);
        if (d == null && limits.hasRoom(ideDisks)) {
            d = new IdeState(name);
            ideDisks.put(name, d);
        }
        return d;
    }

    private static final class IdeState {
        final String name;
        String model;
        String media;
        Integer maxRequestKib;
        Long sectors;
        Long megabytes;
        Integer cacheKib;
        String chs;
        String dmaMode;
        String selectedMode;
        String biosSetting;

        IdeState(String name) {
            this.name = name;
        }
    }
}
