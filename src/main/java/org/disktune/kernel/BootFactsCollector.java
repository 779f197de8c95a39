package org.disktune.kernel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects the disk facts of one boot from its kernel messages, line by line. Memory stays bounded:
 * only facts are kept, never lines, and the number of devices, ports and lines per device is capped.
 */
final class BootFactsCollector {
    static final int MAX_ENTRIES = 256;
    private static final int MAX_LIST = 16;

    private final int index;
    private String kernelVersion;
    private String commandLine;
    private String startedAt;
    private boolean complete;
    private final Map<String, ControllerState> controllers = new LinkedHashMap<>();
    private final Map<Integer, String> scsiHosts = new TreeMap<>();
    private final Map<Integer, AtaPortLog> ports = new TreeMap<>();
    private final Map<String, LinkState> links = new LinkedHashMap<>();
    private final Map<String, DeviceState> devices = new LinkedHashMap<>();
    private final Map<String, IdeState> ideDisks = new TreeMap<>();
    private final Map<String, ScsiState> scsi = new LinkedHashMap<>();
    private final Map<String, String> scsiByBlock = new LinkedHashMap<>();
    private ScsiState pendingOldInquiry;
    private final Map<String, LinkFields> linkParses = new java.util.HashMap<>();
    private String lastLinkRest;
    private LinkFields lastLinkFields;
    private boolean capped;

    BootFactsCollector(int index) {
        this.index = index;
    }

    boolean capped() {
        return capped;
    }

    /** The prefixes (of the stripped message) under which {@link #accept} looks further; it ignores any other. */
    private static final byte[][] USED_PREFIXES = ascii("ata", "hd", "ide", "scsi", "sd ", "SCSI device ", "Linux version ",
            "ahci", "pata_", "sata_", "pdc_adma", "acard-ahci");
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
        if (pendingOldInquiry != null) {
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
        if (msg.startsWith("ata") && ata(msg)) {
            return;
        } else if (msg.startsWith("hd") && (g = ScsiIdeLineParsers.ide(msg)) != null) {
            ide(g[0], g[1]);
        } else if (msg.startsWith("ide") && msg.contains("BIOS settings")) {
            List<String> bios = ScsiIdeLineParsers.ideBios(msg); // name, setting, name, setting...
            for (int i = 0; i + 1 < bios.size(); i += 2) {
                IdeState d = ideDisk(bios.get(i));
                if (d != null) {
                    d.biosSetting = bios.get(i + 1);
                }
            }
        } else if (msg.startsWith("scsi") || msg.startsWith("sd ") || msg.startsWith("SCSI device ")) {
            scsiLine(msg);
        } else if (msg.startsWith("Linux version ")) {
            if ((g = ScsiIdeLineParsers.version(msg)) != null) {
                kernelVersion = g[0];
                complete = true;
            }
        } else if (msg.contains("ommand line: ") && (g = ScsiIdeLineParsers.commandLine(msg)) != null) {
            if (commandLine == null) {
                commandLine = g[0].strip();
            }
        } else if (msg.indexOf(": ") > 0 && (g = ScsiIdeLineParsers.controller(msg)) != null) {
            controller(g[0], g[1], g[2].strip());
        } else if (msg.contains("Vendor: ") && (g = ScsiIdeLineParsers.inquiryOld(msg)) != null) {
            pendingOldInquiry = new ScsiState();
            pendingOldInquiry.vendor = g[0].strip();
            pendingOldInquiry.model = g[1].strip();
            pendingOldInquiry.revision = g[2].strip();
        } else if (pendingOldInquiry != null && (g = ScsiIdeLineParsers.typeOld(msg)) != null) {
            pendingOldInquiry.type = g[0];
        }
    }

    /** An {@code ataP.DD: rest} line or an {@code ataP: rest} line: false when it is neither. */
    private boolean ata(String msg) {
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
            if (linkParses.size() >= MAX_ENTRIES) {
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
        DeviceState d = devices.get(id);
        if (d == null) {
            if (!hasRoom(devices)) {
                return;
            }
            d = new DeviceState(id, port, devno);
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
            putCapped(ports, port, new AtaPortLog("ata" + port, port, g[0], g[1], resources,
                    irq != null ? parseInt(irq[0]) : null));
        } else if (rest.strip().equals("DUMMY")) {
            putCapped(ports, port, new AtaPortLog("ata" + port, port, "DUMMY", null, "", null));
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

    private void controller(String driver, String pci, String text) {
        String key = driver + " " + pci;
        ControllerState c = controllers.get(key);
        if (c == null) {
            if (!hasRoom(controllers)) {
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
            addCapped(c.messages, text);
        }
    }

    private void scsiLine(String msg) {
        String[] g;
        if ((g = ScsiIdeLineParsers.scsiHost(msg)) != null) {
            int host = parseInt(g[0] != null ? g[0] : g[1]);
            if (scsiHosts.size() < MAX_ENTRIES || scsiHosts.containsKey(host)) {
                scsiHosts.put(host, g[2]);
            } else {
                capped = true;
            }
        } else if ((g = ScsiIdeLineParsers.scsiDevice(msg)) != null) {
            ScsiState s = scsi(g);
            if (s != null) {
                s.inquiry(g[4]);
            }
        } else if ((g = ScsiIdeLineParsers.sdBracket(msg)) != null) {
            ScsiState s = scsi(g);
            if (s != null) {
                s.blockDevice = g[4];
                scsiByBlock.put(s.blockDevice, s.address);
                String[] b = ScsiIdeLineParsers.sdBlocks(g[5]);
                if (b != null) {
                    s.logicalBlocks = parseLong(b[0]);
                    s.logicalBlockSize = parseInt(b[1]);
                }
            }
        } else if ((g = ScsiIdeLineParsers.sdAttachedOld(msg)) != null) {
            ScsiState s = scsi(g);
            if (s != null) {
                s.blockDevice = g[4];
                if (pendingOldInquiry != null) {
                    s.type = pendingOldInquiry.type;
                    s.vendor = pendingOldInquiry.vendor;
                    s.model = pendingOldInquiry.model;
                    s.revision = pendingOldInquiry.revision;
                    pendingOldInquiry = null;
                }
                ScsiState sized = scsi.get("block:" + s.blockDevice);
                if (sized != null) {
                    scsi.remove("block:" + s.blockDevice);
                    s.logicalBlocks = sized.logicalBlocks;
                    s.logicalBlockSize = sized.logicalBlockSize;
                }
            }
        } else if ((g = ScsiIdeLineParsers.scsiDeviceOld(msg)) != null) {
            // 2.6.18 prints the size before the address is known: keep it under the disk name until "Attached scsi disk".
            String key = "block:" + g[0];
            ScsiState s = scsi.get(key);
            if (s == null && hasRoom(scsi)) {
                s = new ScsiState();
                scsi.put(key, s);
            }
            if (s != null) {
                s.logicalBlocks = parseLong(g[1]);
                s.logicalBlockSize = parseInt(g[2]);
            }
        }
    }

    /** The SCSI device at the address of groups 1-4 (host, channel, target, lun), made when new; null when the map is full. */
    private ScsiState scsi(String[] g) {
        String address = g[0] + ":" + g[1] + ":" + g[2] + ":" + g[3];
        ScsiState s = scsi.get(address);
        if (s == null && hasRoom(scsi)) {
            s = new ScsiState();
            s.address = address;
            s.host = parseInt(g[0]);
            s.channel = parseInt(g[1]);
            s.target = parseInt(g[2]);
            s.lun = parseInt(g[3]);
            scsi.put(address, s);
        }
        return s;
    }

    /** The IDE disk's state, made when new; null when the map is full ({@link #capped}). */
    private IdeState ideDisk(String name) {
        IdeState d = ideDisks.get(name);
        if (d == null && hasRoom(ideDisks)) {
            d = new IdeState(name);
            ideDisks.put(name, d);
        }
        return d;
    }

    /** The link's state, made when new; null when the map is full ({@link #capped}). */
    private LinkState linkState(String id, int port, Integer pmpLink) {
        LinkState l = links.get(id);
        if (l == null && hasRoom(links)) {
            l = new LinkState(id, port, pmpLink);
            links.put(id, l);
        }
        return l;
    }

    private void ide(String name, String rest) {
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

    /** By port, then device number. */
    private static final Comparator<DeviceState> DEVICE_ORDER = new Comparator<DeviceState>() {
        @Override
        public int compare(DeviceState a, DeviceState b) {
            int c = Integer.compare(a.port, b.port);
            return c != 0 ? c : Integer.compare(a.devno, b.devno);
        }
    };

    /** By port, then port multiplier link (the port's own link, without one, first). */
    private static final Comparator<LinkState> LINK_ORDER = new Comparator<LinkState>() {
        @Override
        public int compare(LinkState a, LinkState b) {
            int c = Integer.compare(a.port, b.port);
            return c != 0 ? c : Integer.compare(a.pmpLink == null ? -1 : a.pmpLink, b.pmpLink == null ? -1 : b.pmpLink);
        }
    };

    /** By host, channel, target, lun. */
    private static final Comparator<ScsiState> SCSI_ORDER = new Comparator<ScsiState>() {
        @Override
        public int compare(ScsiState a, ScsiState b) {
            int c = Integer.compare(a.host, b.host);
            if (c == 0) {
                c = Integer.compare(a.channel, b.channel);
            }
            if (c == 0) {
                c = Integer.compare(a.target, b.target);
            }
            return c != 0 ? c : Integer.compare(a.lun, b.lun);
        }
    };

    /**
     * The boot's facts. Loops and comparator classes, not streams and lambdas: every lambda linked costs about
     * 0.3 ms of a detect on JDK 17. The sorts are stable, as the streams' were.
     */
    KernelBoot toBoot() {
        List<DeviceState> printed = new ArrayList<>();
        for (DeviceState d : devices.values()) {
            if (d.printedFacts()) {
                printed.add(d);
            }
        }
        printed.sort(DEVICE_ORDER);
        List<AtaDeviceLog> ata = new ArrayList<>();
        for (DeviceState d : printed) {
            ata.add(d.toLog());
        }
        List<LinkState> seenLinks = new ArrayList<>();
        for (LinkState l : links.values()) {
            if (l.seen || !l.forceLines.isEmpty()) {
                seenLinks.add(l);
            }
        }
        seenLinks.sort(LINK_ORDER);
        List<AtaLinkLog> linkLogs = new ArrayList<>();
        for (LinkState l : seenLinks) {
            linkLogs.add(new AtaLinkLog(l.id, l.port, l.pmpLink, l.up, l.speed, l.sStatus, l.sControl, l.forceLines));
        }
        List<ScsiState> addressed = new ArrayList<>();
        for (ScsiState s : scsi.values()) {
            if (s.address != null) {
                addressed.add(s);
            }
        }
        addressed.sort(SCSI_ORDER);
        List<ScsiDiskLog> disks = new ArrayList<>();
        for (ScsiState s : addressed) {
            disks.add(new ScsiDiskLog(s.address, s.host, s.channel, s.target, s.lun, s.type, s.vendor,
                    s.model, s.revision, s.blockDevice, s.logicalBlocks, s.logicalBlockSize));
        }
        List<IdeDiskLog> ide = new ArrayList<>();
        for (IdeState d : ideDisks.values()) {
            ide.add(new IdeDiskLog(d.name, d.model, d.media, d.maxRequestKib, d.sectors,
                    d.megabytes, d.cacheKib, d.chs, d.dmaMode, d.selectedMode, d.biosSetting));
        }
        List<ScsiHostLog> hosts = new ArrayList<>();
        for (Map.Entry<Integer, String> h : scsiHosts.entrySet()) {
            hosts.add(new ScsiHostLog(h.getKey(), h.getValue()));
        }
        List<ControllerLog> ctl = new ArrayList<>();
        for (ControllerState c : controllers.values()) {
            ctl.add(new ControllerLog(c.driver, c.pci, c.mode, c.messages));
        }
        return new KernelBoot(index, kernelVersion, commandLine, startedAt, complete, ctl, hosts,
                new ArrayList<>(ports.values()), linkLogs, ata, ide, disks);
    }

    /** False, and {@link #capped} set, when {@code map} is full: a new key is not added then. */
    private boolean hasRoom(Map<?, ?> map) {
        if (map.size() >= MAX_ENTRIES) {
            capped = true;
            return false;
        }
        return true;
    }

    private <K, V> void putCapped(Map<K, V> map, K key, V value) {
        if (map.size() < MAX_ENTRIES || map.containsKey(key)) {
            map.put(key, value);
        } else {
            capped = true;
        }
    }

    private static void addCapped(List<String> list, String value) {
        if (list.size() < MAX_LIST && !list.contains(value)) {
            list.add(value);
        }
    }

    private static Long parseLong(String digits) {
        try {
            return Long.valueOf(digits);
        } catch (NumberFormatException e) {
            return null; // more than 19 digits that overflow: not a real count
        }
    }

    private static Integer parseInt(String digits) {
        try {
            return Integer.valueOf(digits);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static final class DeviceState {
        final String id;
        final int port;
        final int devno;
        String deviceClass;
        String ataRevision;
        String model;
        String firmware;
        String maxTransferMode;
        Long sectors;
        Integer multi;
        String addressing;
        NcqState ncq = NcqState.UNKNOWN;
        Integer ncqDepth;
        Integer ncqDriveDepth;
        boolean ncqAutoActivate;
        final List<String> forceLines = new ArrayList<>();
        final List<String> forcedQuirks = new ArrayList<>();
        final List<String> quirks = new ArrayList<>();
        final List<String> features = new ArrayList<>();
        String transferMode;
        String identityLine;
        String sectorsLine;

        DeviceState(String id, int port, int devno) {
            this.id = id;
            this.port = port;
            this.devno = devno;
        }

        void identity(String revision, String model, String firmware, String maxMode, String line) {
            this.deviceClass = revision.startsWith("ATAPI") ? "ATAPI" : revision.startsWith("CFA") ? "CFA" : "ATA";
            this.ataRevision = revision.equals("ATAPI") ? null : revision;
            if (model != null) {
                this.model = model;
                this.firmware = firmware;
            }
            this.maxTransferMode = maxMode;
            this.identityLine = line;
        }

        void ncq(String tail) {
            String[] m;
            if (tail.contains("NCQ (not used)")) {
                ncq = NcqState.NOT_USED;
                ncqDepth = null;
                ncqDriveDepth = null;
                ncqAutoActivate = false;
            } else if ((m = AtaLineParsers.ncqDepth(tail)) != null) {
                int first = Integer.parseInt(m[0]);
                if (m[1] == null) {
                    ncqDepth = first;
                    ncqDriveDepth = first;
                } else {
                    ncqDepth = first;
                    ncqDriveDepth = Integer.parseInt(m[1]);
                }
                ncq = ncqDepth == 0 ? NcqState.DISABLED_BY_HOST : NcqState.ENABLED;
                ncqAutoActivate = m[2] != null;
            } else {
                // the kernel prints nothing after the addressing for a drive without NCQ; other text is unreadable
                ncq = tail.isBlank() ? NcqState.NONE : NcqState.UNKNOWN;
                ncqDepth = null;
                ncqDriveDepth = null;
                ncqAutoActivate = false;
            }
        }

        boolean printedFacts() {
            return identityLine != null || sectorsLine != null || transferMode != null || !forceLines.isEmpty()
                    || !quirks.isEmpty();
        }

        AtaDeviceLog toLog() {
            // ATAPI has no NCQ and no sectors line; any other device without a readable sectors line is unknown
            NcqState state = ncq == NcqState.UNKNOWN && "ATAPI".equals(deviceClass) ? NcqState.NONE : ncq;
            return new AtaDeviceLog(id, port, devno, deviceClass, ataRevision, model, firmware, maxTransferMode, sectors,
                    multi, addressing, state, ncqDepth, ncqDriveDepth, ncqAutoActivate, forceLines, forcedQuirks, quirks,
                    features, transferMode, identityLine, sectorsLine);
        }
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

    private static final class ScsiState {
        String address;
        int host;
        int channel;
        int target;
        int lun;
        String type;
        String vendor;
        String model;
        String revision;
        String blockDevice;
        Long logicalBlocks;
        Integer logicalBlockSize;

        /** "Direct-Access     ATA      QEMU HARDDISK    2.5+" (fixed columns 17/8/16/4), or the same with blanks squeezed. */
        void inquiry(String text) {
            if (text.length() >= 47) {
                type = text.substring(0, 17).strip();
                vendor = text.substring(18, 26).strip();
                model = text.substring(27, 43).strip();
                revision = text.substring(44, Math.min(48, text.length())).strip();
                return;
            }
            List<String> t = ScsiIdeLineParsers.blankSeparated(text.strip());
            int n = t.size();
            if (n >= 3) {
                type = t.get(0);
                vendor = t.get(1);
                revision = n >= 4 ? t.get(n - 1) : null;
                model = String.join(" ", t.subList(2, n >= 4 ? n - 1 : n));
            }
        }
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
