package org.disktune.kernel;

import static org.disktune.kernel.FactLimits.addCapped;
import static org.disktune.kernel.FactLimits.parseInt;
import static org.disktune.kernel.FactLimits.parseLong;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The libata facts of one boot: ports, links (also behind a port multiplier) and devices, from the ataP(.DD) lines. */
final class AtaBootFacts {
    private final FactLimits limits;
    private final Map<Integer, AtaPortLog> ports = new TreeMap<>();
    private final Map<String, LinkState> links = new LinkedHashMap<>();
    private final Map<String, AtaDeviceFacts> devices = new LinkedHashMap<>();
    private final Map<String, LinkFields> linkParses = new HashMap<>();
    private String lastLinkRest;
    private LinkFields lastLinkFields;

    AtaBootFacts(FactLimits limits) {
        this.limits = limits;
    }

    /** An {@code ataP.DD: rest} line or an {@code ataP: rest} line: false when it is neither. */
    boolean ata(String msg) {
        String[] g = AtaLineParsers.ataDevice(msg);
        if (g != null) {
            ataDevice(Integer.parseInt(g[0]), Integer.parseInt(g[1]), g[2]);
            return true;
        }
        g = AtaLineParsers.ataPort(msg);
        if (g != null) {
            ataPort(Integer.parseInt(g[0]), g[1]);
            return true;
        }
        return false;
    }

    /** What {@link AtaLineParsers#link} reads from a line; {@link #NOT_LINK} when it does not match. */
    private record LinkFields(boolean up, String speed, String sStatus, String sControl) {
    }

    private static final LinkFields NOT_LINK = new LinkFields(false, null, null, null);

    /** The link reading of {@code rest}, remembered: a log of link resets repeats the same few link lines. */
    private LinkFields linkFields(String rest) {
        if (rest.equals(lastLinkRest)) {
            return lastLinkFields;
        }
        LinkFields f = linkParses.get(rest);
        if (f == null) {
            String[] g = AtaLineParsers.link(rest);
            if (g != null) {
                boolean up = g[0].equals("up");
                f = new LinkFields(up, up && g[1] != null ? AtaLineParsers.spaceBeforeGbps(g[1]) : null, g[2], g[3]);
            } else {
                f = NOT_LINK;
            }
            if (linkParses.size() >= FactLimits.MAX_ENTRIES) {
                linkParses.clear();
            }
            linkParses.put(rest, f);
        }
        lastLinkRest = rest;
        lastLinkFields = f;
        return f;
    }

    private void ataDevice(int port, int devno, String rest) {
        LinkFields linked = linkFields(rest);
        if (linked != NOT_LINK) { // a link behind a port multiplier: "ata1.02: SATA link up ..."
            link(deviceId(port, devno), port, devno, linked);
            return;
        }
        String[] g;
        String id = deviceId(port, devno);
        AtaDeviceFacts d = devices.get(id);
        if (d == null) {
            if (!limits.hasRoom(devices)) {
                return;
            }
            d = new AtaDeviceFacts(id, port, devno);
            devices.put(id, d);
        }
        if ((g = AtaLineParsers.identity(rest)) != null) {
            d.identity(g[0], g[1].strip(), g[2].strip(), g[3], rest);
        } else if ((g = AtaLineParsers.oldIdentity(rest)) != null) {
            d.identity(g[0], null, null, g[1], rest);
            d.sectors = parseLong(g[2]);
            d.sectorsLine = rest;
            String tail = g[3];
            if (tail.startsWith("CHS ")) {
                d.addressing = "CHS";
                d.ncq(""); // NCQ needs LBA48: a CHS drive has none
            } else {
                d.addressing = tail.startsWith("LBA48") ? "LBA48" : tail.startsWith("LBA") ? "LBA" : null;
                d.ncq(d.addressing == null ? tail : tail.substring(d.addressing.length()));
            }
        } else if ((g = AtaLineParsers.oldAtapi(rest)) != null) {
            d.identity("ATAPI", null, null, g[0], rest);
        } else if ((g = AtaLineParsers.sectors(rest)) != null) {
            d.sectors = parseLong(g[0]);
            d.multi = parseInt(g[1]);
            d.addressing = g[2];
            d.sectorsLine = rest;
            d.ncq(g[3]);
        } else if ((g = AtaLineParsers.sectorsChs(rest)) != null) {
            d.sectors = parseLong(g[0]);
            d.multi = parseInt(g[1]);
            d.addressing = "CHS";
            d.sectorsLine = rest;
            d.ncq(""); // NCQ needs LBA48: a CHS drive has none
        } else if ((g = AtaLineParsers.oldMulti(rest)) != null) {
            d.multi = parseInt(g[0]);
        } else if ((g = AtaLineParsers.configured(rest)) != null) {
            d.transferMode = g[0];
        } else if ((g = AtaLineParsers.force(rest)) != null) {
            String text = g[0].strip();
            addCapped(d.forceLines, text);
            String[] q = AtaLineParsers.forceModified(text);
            if (q != null) {
                for (String name : AtaLineParsers.words(q[0], true)) {
                    addCapped(d.forcedQuirks, name);
                }
            }
        } else if ((g = AtaLineParsers.quirks(rest)) != null) {
            if (d.model == null) {
                d.model = g[0].strip();
                d.firmware = g[1].strip();
            }
            for (String q : AtaLineParsers.words(g[2].strip(), false)) {
                addCapped(d.quirks, q);
            }
        } else if ((g = AtaLineParsers.features(rest)) != null) {
            for (String f : AtaLineParsers.words(g[0].strip(), false)) {
                addCapped(d.features, f);
            }
        }
    }

    private static String deviceId(int port, int devno) {
        return "ata" + port + (devno < 10 ? ".0" : ".") + devno;
    }

    private void ataPort(int port, String rest) {
        String[] g;
        LinkFields f = linkFields(rest);
        if (f != NOT_LINK) {
            link("ata" + port, port, null, f);
        } else if ((g = AtaLineParsers.port(rest)) != null) {
            String resources = g[2] == null ? "" : g[2].strip();
            String[] irq = AtaLineParsers.irq(resources);
            limits.putCapped(ports, port, new AtaPortLog("ata" + port, port, g[0], g[1], resources,
                    irq != null ? parseInt(irq[0]) : null));
        } else if (rest.strip().equals("DUMMY")) {
            limits.putCapped(ports, port, new AtaPortLog("ata" + port, port, "DUMMY", null, "", null));
        } else if ((g = AtaLineParsers.force(rest)) != null) {
            LinkState l = linkState("ata" + port, port, null);
            if (l != null) {
                addCapped(l.forceLines, g[0].strip());
            }
        }
    }

    private void link(String id, int port, Integer pmpLink, LinkFields f) {
        LinkState l = linkState(id, port, pmpLink);
        if (l == null) {
            return;
        }
        l.seen = true;
        l.up = f.up();
        l.speed = f.speed();
        l.sStatus = f.sStatus();
        l.sControl = f.sControl();
    }

    /** The link's state, made when new; null when the map is full. */
    private LinkState linkState(String id, int port, Integer pmpLink) {
        LinkState l = links.get(id);
        if (l == null && limits.hasRoom(links)) {
            l = new LinkState(id, port, pmpLink);
            links.put(id, l);
        }
        return l;
    }

    /** The ports in port order. */
    List<AtaPortLog> ports() {
        return List.copyOf(ports.values());
    }

    /** The links seen or forced, by port, then port multiplier link (the port's own link, without one, first). */
    List<AtaLinkLog> links() {
        return links.values().stream().filter(l -> l.seen || !l.forceLines.isEmpty())
                .sorted(Comparator.<LinkState>comparingInt(l -> l.port).thenComparingInt(l -> l.pmpLink == null ? -1 : l.pmpLink))
                .map(l -> new AtaLinkLog(l.id, l.port, l.pmpLink, l.up, l.speed, l.sStatus, l.sControl, l.forceLines))
                .toList();
    }

    /** The devices the kernel printed facts of, by port, then device number. */
    List<AtaDeviceLog> devices() {
        return devices.values().stream().filter(AtaDeviceFacts::printedFacts)
                .sorted(Comparator.<AtaDeviceFacts>comparingInt(d -> d.port).thenComparingInt(d -> d.devno))
                .map(AtaDeviceFacts::toLog).toList();
    }

    private static final class LinkState {
        final String id;
        final int port;
        final Integer pmpLink;
        boolean seen;
        boolean up;
        String speed;
        String sStatus;
        String sControl;
        final List<String> forceLines = new ArrayList<>();

        LinkState(String id, int port, Integer pmpLink) {
            this.id = id;
            this.port = port;
            this.pmpLink = pmpLink;
        }
    }
}
