package org.disktune.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How the bundled QEMU samples were made (test scope: the build never needs it).
 * <ul>
 * <li>{@link #fromSnapshotTree}: a sysfs/procfs snapshot tree of the lab (lab/scripts/snapshot.sh) as
 * stored in /work/shared/fixtures/sysfs/NAME, where every symlink was flattened into a regular
 * file holding the link target without a newline.</li>
 * <li>{@link #fromLabLog}: the serial-console dump of the lab's guest /init (lab/scripts/init), CRLF
 * line ends, sections between {@code =====BEGIN X=====} and {@code =====END X=====}.</li>
 * </ul>
 * Regenerate with {@code src/test/scripts/import-samples.sh} (it runs {@link #main}).
 */
final class SampleImporter {
    /**
     * Attribute names that the reference snapshot trees (ahci, piix; same kernel) hold as EMPTY
     * files; every other attribute the log shows with an empty value holds "\n". The log cannot tell
     * the two apart because the guest printed {@code $(cat FILE)}, which drops trailing newlines.
     */
    static final Set<String> EMPTY_WHEN_BLANK = Set.of("blacklist", "events", "events_async", "gscr", "probe_rsa", "reset_seq", "uevent");

    private static final Pattern LS_LINK = Pattern.compile("^l\\S+\\s.*\\s(\\S+) -> (\\S+)$");
    private static final Pattern PCI_LINE = Pattern.compile(
            "^(\\S+) vendor=(\\S+) device=(\\S+) subsys=(\\S+):(\\S+) class=(\\S+) driver_link=(\\S+) driver=\\S+( STORAGE)?$");
    private static final Pattern PCI_PATH = Pattern.compile("^    devpath=(\\S+) modalias=(\\S+)$");
    private static final Pattern CLASS_HEAD = Pattern.compile("^--- (/sys/class/[^/]+/\\S+) -> (\\S+)$");
    private static final Pattern SUMMARY_HEAD = Pattern.compile("^--- (\\S+) -> (\\S+)$");
    private static final Pattern ALL_QUEUE_HEAD = Pattern.compile("^--- (/sys/block/[^/]+)/queue$");
    private static final Pattern ALL_DEVICE_HEAD = Pattern.compile("^--- (/sys/block/[^/]+)/device -> (\\S+)$");
    private static final Pattern MODULE_HEAD = Pattern.compile("^--- /sys/module/(\\S+) \\(initstate=(\\S+)\\)$");
    private static final Pattern ATTR = Pattern.compile("^(/sys/\\S+?)=(.*)$");

    private SampleImporter() {
    }

    // ---------------------------------------------------------------- snapshot trees

    /** The .machine text of a flattened snapshot tree (see the class comment). */
    static String fromSnapshotTree(Path tree, String description) throws IOException {
        Map<String, String> info = keyValues(Files.readString(tree.resolve("_snapshot/info.txt")));
        Map<String, String> host = keyValues(Files.readString(tree.resolve("_snapshot/host.txt")).replace('\n', ' '));
        Map<String, MachineEntry> entries = new TreeMap<>();
        int links = 0;
        int dirs = 0;
        try (Stream<Path> walk = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                String rel = tree.relativize(p).toString().replace('\\', '/');
                if (rel.isEmpty() || rel.equals("_snapshot") || rel.startsWith("_snapshot/")) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    dirs++;
                    continue;
                }
                byte[] content = Files.readAllBytes(p);
                String path = rel.equals("dmesg.txt") ? "/var/log/dmesg" : "/" + rel;
                if (startsWith(content, "../") && content[content.length - 1] != '\n') {
                    entries.put(path, new MachineEntry.Link(path, new String(content, StandardCharsets.UTF_8)));
                    links++;
                } else {
                    entries.put(path, new MachineEntry.FileEntry(path, content));
                }
            }
        }
        List<String> restored = restoreEmptyDirs(tree, entries);
        // the snapshot's own count includes the snapshot root and _snapshot/; the copy here has neither
        int wantDirs = Integer.parseInt(info.get("dirs")) - 2;
        if (links != Integer.parseInt(info.get("links")) || dirs + restored.size() != wantDirs) {
            throw new IllegalStateException("tree " + tree + ": " + links + " links, " + dirs + "+" + restored.size()
                    + " dirs; info.txt says " + info);
        }
        String osRelease = """
                PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
                NAME="Debian GNU/Linux"
                VERSION_ID="12"
                VERSION="12 (bookworm)"
                VERSION_CODENAME=bookworm
                ID=debian
                HOME_URL="https://www.debian.org/"
                SUPPORT_URL="https://www.debian.org/support"
                BUG_REPORT_URL="https://bugs.debian.org/"
                """;
        entries.put("/etc/os-release", new MachineEntry.FileEntry("/etc/os-release", osRelease.getBytes(StandardCharsets.UTF_8)));

        Map<String, Integer> skipped = new TreeMap<>();
        for (String line : Files.readAllLines(tree.resolve("_snapshot/skipped.txt"))) {
            skipped.merge(line.substring(line.indexOf('\t') + 1), 1, Integer::sum);
        }
        List<String> header = new ArrayList<>();
        header.add("disktune sample machine: " + description);
        header.add("");
        header.add("Captured by the QEMU lab (lab/snapshot.sh, guest side lab/scripts/snapshot.sh) on a real Debian 12 kernel:");
        header.add("  kernel:  " + info.get("uname"));
        header.add("  cmdline: " + info.get("cmdline"));
        header.add("  snapshot " + host.get("name") + " (preset " + host.get("preset") + "), extracted " + host.get("extracted")
                + ", tar.gz sha256 " + host.get("tgz_sha256"));
        header.add("  counts:  files=" + info.get("files") + " links=" + info.get("links") + " dirs=" + info.get("dirs")
                + " (the snapshot's own count, incl. its _snapshot/ metadata)");
        header.add("Skipped by the snapshot (never read in the guest), " + info.get("skipped") + " files:");
        skipped.forEach((reason, n) -> header.add("  " + n + " x " + reason));
        header.add("Imported by src/test/java/org/disktune/host/SampleImporter.java from the flattened copy of the tree:");
        header.add("  - regular files whose content starts with ../ and has no final newline are the " + links + " symlinks, restored as links;");
        header.add("  - dmesg.txt (util-linux dmesg of that boot) is /var/log/dmesg; _snapshot/ (metadata) is dropped, its facts are above;");
        header.add("  - " + restored.size() + " empty directories lost by the copy are restored (the snapshot's dir count proves the number):");
        header.add("    holders/ and slaves/ of each disk, mq/N/cpuK/ of each hardware queue (per its cpu_list),");
        header.add("    holders/ of each loaded module (per /proc/modules) that had none;");
        header.add("  - ADDED, not captured: /etc/os-release of Debian 12 (the guest was a busybox initramfs without one);");
        header.add("  - file modes are not modelled (write-only attributes were skipped by the snapshot anyway).");
        return MachineFileWriter.write(new ArrayList<>(entries.values()), header);
    }

    private static List<String> restoreEmptyDirs(Path tree, Map<String, MachineEntry> entries) throws IOException {
        List<String> restored = new ArrayList<>();
        for (String module : Files.readAllLines(tree.resolve("proc/modules"))) {
            restoreDir(tree, entries, restored, "/sys/module/" + module.split(" ")[0] + "/holders");
        }
        for (MachineEntry entry : List.copyOf(entries.values())) {
            if (entry instanceof MachineEntry.Link link && link.path().matches("/sys/block/[^/]+")) {
                String disk = resolve("/sys/block", link.target());
                restoreDir(tree, entries, restored, disk + "/holders");
                restoreDir(tree, entries, restored, disk + "/slaves");
                try (Stream<Path> queues = Files.list(tree.resolve(disk.substring(1) + "/mq"))) {
                    for (Path hctx : (Iterable<Path>) queues.sorted()::iterator) {
                        for (int cpu : cpuList(Files.readString(hctx.resolve("cpu_list")).trim())) {
                            restoreDir(tree, entries, restored, "/" + tree.relativize(hctx).toString().replace('\\', '/') + "/cpu" + cpu);
                        }
                    }
                }
            }
        }
        return restored;
    }

    private static void restoreDir(Path tree, Map<String, MachineEntry> entries, List<String> restored, String path) {
        if (!Files.exists(tree.resolve(path.substring(1)))) {
            entries.put(path, new MachineEntry.Dir(path));
            restored.add(path);
        }
    }

    private static List<Integer> cpuList(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.split(",")) {
            String[] range = part.split("-");
            int from = Integer.parseInt(range[0].trim());
            int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
            for (int cpu = from; cpu <= to; cpu++) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    // ---------------------------------------------------------------- lab dump logs

    /**
     * The .machine text rebuilt from a lab dump log (see the class comment); {@code source} names the
     * log in the header, {@code meta} is boot.sh's NAME.meta of that run (its date and QEMU command go in the header).
     */
    static String fromLabLog(String log, String meta, String source, String description) {
        Map<String, List<String>> sections = sections(log);
        Entries out = new Entries();

        Map<String, String> init = keyValuesPerLine(sections.get("LAB_INIT"));
        String uname = init.get("uname");
        out.file("/proc/cmdline", init.get("cmdline") + "\n");
        out.file("/proc/sys/kernel/osrelease", uname.split(" ")[2] + "\n");
        out.file("/proc/modules", lines(sections.get("LSMOD")));
        out.file("/proc/partitions", lines(sections.get("PROC_PARTITIONS")));
        List<String> dmesg = sections.get("DMESG");
        out.file("/var/log/dmesg", lines(dmesg));
        String banner = dmesg.get(0).replaceFirst("^\\[[ 0-9.]+\\] ", "");
        if (!banner.startsWith("Linux version ")) {
            throw new IllegalStateException("first DMESG line is not the kernel banner: " + dmesg.get(0));
        }
        out.file("/proc/version", banner + "\n");

        // PCI functions: the attributes the dump prints, the driver link, /sys/bus/pci/devices/ADDR
        List<String> pci = sections.get("PCI");
        for (int k = 0; k < pci.size() && !pci.get(k).startsWith("--- lspci"); k++) {
            Matcher head = PCI_LINE.matcher(pci.get(k));
            if (!head.matches()) {
                continue;
            }
            Matcher where = PCI_PATH.matcher(pci.get(++k));
            if (!where.matches()) {
                throw new IllegalStateException("PCI line without devpath: " + pci.get(k));
            }
            String dev = where.group(1);
            out.link("/sys/bus/pci/devices/" + head.group(1), dev);
            out.file(dev + "/vendor", head.group(2) + "\n");
            out.file(dev + "/device", head.group(3) + "\n");
            out.file(dev + "/subsystem_vendor", head.group(4) + "\n");
            out.file(dev + "/subsystem_device", head.group(5) + "\n");
            out.file(dev + "/class", head.group(6) + "\n");
            out.file(dev + "/modalias", where.group(2) + "\n");
            if (!head.group(7).equals("(none)")) {
                out.link(dev + "/driver", head.group(7));
                out.dir(head.group(7));
            }
        }

        // /sys/block links exactly as `ls -l` printed them; dev from /proc/partitions
        Map<String, String> blockDir = new LinkedHashMap<>();
        for (String line : sections.get("SYS_BLOCK")) {
            Matcher m = LS_LINK.matcher(line);
            if (m.matches()) {
                out.linkAsWritten("/sys/block/" + m.group(1), m.group(2));
                blockDir.put(m.group(1), resolve("/sys/block", m.group(2)));
            }
        }
        for (String line : sections.get("PROC_PARTITIONS")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && f[0].matches("[0-9]+") && blockDir.containsKey(f[3])) {
                out.file(blockDir.get(f[3]) + "/dev", f[0] + ":" + f[1] + "\n");
            }
        }

        // class directories: the class link and every attribute, at the real device path
        for (String name : sections.keySet()) {
            if (!name.startsWith("SYSFS_CLASS ")) {
                continue;
            }
            Map<String, String> real = new LinkedHashMap<>();
            for (String line : sections.get(name)) {
                Matcher m = CLASS_HEAD.matcher(line);
                if (m.matches()) {
                    out.link(m.group(1), m.group(2));
                    real.put(m.group(1), m.group(2));
                }
            }
            attributes(sections.get(name), real, out);
        }

        // BLOCK_ALL_ATTRS: queue/* and the device link's directory
        Map<String, String> real = new LinkedHashMap<>();
        for (String line : sections.get("BLOCK_ALL_ATTRS")) {
            Matcher queue = ALL_QUEUE_HEAD.matcher(line);
            Matcher device = ALL_DEVICE_HEAD.matcher(line);
            if (queue.matches()) {
                real.put(queue.group(1) + "/queue", blockDir.get(queue.group(1).substring(11)) + "/queue");
            } else if (device.matches()) {
                String disk = blockDir.get(device.group(1).substring(11));
                out.link(disk + "/device", device.group(2));
                real.put(device.group(1) + "/device", device.group(2));
            }
        }
        attributes(sections.get("BLOCK_ALL_ATTRS"), real, out);

        // BLOCK_SUMMARY: the same attributes again (must agree) plus size
        String disk = null;
        for (String line : sections.get("BLOCK_SUMMARY")) {
            Matcher head = SUMMARY_HEAD.matcher(line);
            if (head.matches()) {
                disk = head.group(1);
                continue;
            }
            if (line.startsWith("--- lsblk")) {
                break;
            }
            int eq = line.indexOf('=');
            if (disk == null || eq < 0 || !line.startsWith(disk + "/")) {
                continue;
            }
            String attr = line.substring(disk.length() + 1, eq);
            String value = line.substring(eq + 1);
            if (value.equals("<absent>") || value.startsWith("cat: ")) {
                continue;
            }
            String dir = attr.startsWith("device/") ? real.get("/sys/block/" + disk + "/device") : blockDir.get(disk);
            out.file(dir + "/" + (attr.startsWith("device/") ? attr.substring(7) : attr), fileContent(attr, value));
        }

        // module parameters (and initstate, which the dump prints in its header line)
        Map<String, String> modules = new LinkedHashMap<>();
        List<String> params = sections.get("MODULE_PARAMS");
        for (int k = 0; k < params.size(); k++) {
            Matcher m = MODULE_HEAD.matcher(params.get(k));
            if (m.matches()) {
                String module = m.group(1);
                out.file("/sys/module/" + module + "/initstate", m.group(2) + "\n");
                if (k + 1 < params.size() && params.get(k + 1).equals("    total 0")) {
                    out.dir("/sys/module/" + module + "/parameters");
                }
                modules.put("/sys/module/" + module + "/parameters", "/sys/module/" + module + "/parameters");
            }
        }
        attributes(params, modules, out);
        out.pruneImpliedDirs();

        List<String> header = new ArrayList<>();
        header.add("disktune sample machine: " + description);
        header.add("");
        header.add("Rebuilt from the serial-console dump " + source + " of the QEMU lab (guest script lab/scripts/init):");
        header.add("  kernel:  " + uname);
        header.add("  cmdline: " + init.get("cmdline"));
        Map<String, String> run = keyValuesPerLine(List.of(meta.split("\n")));
        header.add("  run:     " + run.get("date").split(" ")[0] + ", " + run.get("qemu_version"));
        header.add("  qemu:    " + run.get("qemu_cmd").strip());
        header.add("Only what the dump shows, at the paths it shows (class and block paths moved to the real");
        header.add("/sys/devices path that the dump's readlink -f printed), by src/test/java/org/disktune/host/SampleImporter.java:");
        header.add("  /sys/block/* links   SYS_BLOCK (ls -l: the kernel's relative targets)");
        header.add("  .../dev              PROC_PARTITIONS (major:minor)");
        header.add("  PCI function dirs    PCI: vendor, device, subsystem_vendor, subsystem_device, class, modalias, driver link");
        header.add("                       (the driver dir itself is an empty dir), /sys/bus/pci/devices/* links");
        header.add("  ata/scsi class dirs  SYSFS_CLASS ata_port|ata_link|ata_device|scsi_host|scsi_device|scsi_disk: every attribute");
        header.add("  queue/, device/      BLOCK_ALL_ATTRS and BLOCK_SUMMARY (size; <absent> = no file); the device links");
        header.add("  /sys/module/*        MODULE_PARAMS: parameters/* and initstate");
        header.add("  /proc/cmdline        LAB_INIT cmdline; /proc/sys/kernel/osrelease: LAB_INIT uname -r");
        header.add("  /proc/modules        LSMOD (cat /proc/modules); /proc/partitions: PROC_PARTITIONS");
        header.add("  /proc/version        the first DMESG line without its timestamp (the kernel banner is /proc/version)");
        header.add("  /var/log/dmesg       DMESG (util-linux dmesg of that boot)");
        header.add("Values were printed as $(cat FILE): files hold the value + \\n; an empty value is an empty file for");
        header.add("  " + String.join(", ", EMPTY_WHEN_BLANK.stream().sorted().toList()) + " (as in the snapshot trees of the same kernel), else \\n;");
        header.add("  uevent was printed with newlines turned into spaces and is turned back; attributes whose read failed");
        header.add("  (cat: ... Permission denied / read error) are left out, and so is everything the dump does not print");
        header.add("  (power/, vpd_pg*, inquiry, config, holders/, the disk dir's own attributes other than size and dev, ...).");
        return MachineFileWriter.write(out.list(), header);
    }

    /** Reads "PATH=VALUE" / "PATH=<<" + indented lines + "    >>" attribute lines whose PATH starts with a key of {@code real}. */
    private static void attributes(List<String> lines, Map<String, String> real, Entries out) {
        for (int k = 0; k < lines.size(); k++) {
            Matcher m = ATTR.matcher(lines.get(k));
            if (!m.matches()) {
                continue;
            }
            String shown = m.group(1);
            String value = m.group(2);
            String parent = shown.substring(0, shown.lastIndexOf('/'));
            String dir = real.get(parent);
            if (dir == null) {
                continue;
            }
            String name = shown.substring(parent.length() + 1);
            String path = dir + "/" + name;
            if (value.equals("<<")) {
                StringBuilder content = new StringBuilder();
                while (!lines.get(++k).equals("    >>")) {
                    content.append(lines.get(k).substring(4)).append('\n');
                }
                out.file(path, content.toString());
            } else if (!value.startsWith("cat: ")) {
                out.file(path, fileContent(name, value));
            }
        }
    }

    private static String fileContent(String attr, String value) {
        String name = attr.substring(attr.lastIndexOf('/') + 1);
        if (name.equals("uevent")) {
            return value.replace(' ', '\n');
        }
        if (value.isEmpty() && EMPTY_WHEN_BLANK.contains(name)) {
            return "";
        }
        return value + "\n";
    }

    /** Collects entries; a second, different entry for a path is an error (the dump contradicts itself). */
    private static final class Entries {
        private final Map<String, MachineEntry> byPath = new TreeMap<>();

        void file(String path, String content) {
            put(new MachineEntry.FileEntry(path, content.getBytes(StandardCharsets.UTF_8)));
        }

        void dir(String path) {
            put(new MachineEntry.Dir(path));
        }

        /** A link from {@code path} to the absolute machine path {@code target}, written relative like sysfs does. */
        void link(String path, String target) {
            put(new MachineEntry.Link(path, sysfsRelative(path, target)));
        }

        void linkAsWritten(String path, String target) {
            put(new MachineEntry.Link(path, target));
        }

        private void put(MachineEntry entry) {
            MachineEntry before = byPath.putIfAbsent(entry.path(), entry);
            if (before != null && !before.equals(entry)) {
                throw new IllegalStateException("the dump shows " + entry.path() + " twice, differently: " + before + " / " + entry);
            }
        }

        /** Drops Dir entries that other entries imply. */
        void pruneImpliedDirs() {
            byPath.values().removeIf(e -> e instanceof MachineEntry.Dir
                    && byPath.keySet().stream().anyMatch(p -> p.startsWith(e.path() + "/")));
        }

        List<MachineEntry> list() {
            return new ArrayList<>(byPath.values());
        }
    }

    /**
     * The relative target kernfs writes for a link at {@code link} to {@code target} (kernfs_get_target_path):
     * one "../" per level from the link's directory up to the nearest directory that is a proper
     * ancestor of the target, then the rest of the target path.
     */
    static String sysfsRelative(String link, String target) {
        List<String> from = segments(link.substring(0, link.lastIndexOf('/')));
        List<String> to = segments(target);
        int base = from.size();
        while (base > 0 && !(base < to.size() && from.subList(0, base).equals(to.subList(0, base)))) {
            base--;
        }
        StringBuilder out = new StringBuilder("../".repeat(from.size() - base));
        out.append(String.join("/", to.subList(base, to.size())));
        return out.toString();
    }

    /** The absolute machine path that a relative link target in directory {@code dir} names. */
    static String resolve(String dir, String relative) {
        List<String> path = new ArrayList<>(segments(dir));
        for (String segment : relative.split("/")) {
            if (segment.equals("..")) {
                path.remove(path.size() - 1);
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                path.add(segment);
            }
        }
        return "/" + String.join("/", path);
    }

    private static List<String> segments(String path) {
        return Arrays.stream(path.split("/")).filter(s -> !s.isEmpty()).toList();
    }

    private static Map<String, List<String>> sections(String log) {
        Map<String, List<String>> sections = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : log.replace("\r", "").split("\n", -1)) {
            if (line.startsWith("=====BEGIN ") && line.endsWith("=====")) {
                current = new ArrayList<>();
                sections.put(line.substring(11, line.length() - 5), current);
            } else if (line.startsWith("=====END ") && line.endsWith("=====")) {
                current = null;
            } else if (current != null) {
                current.add(line);
            }
        }
        return sections;
    }

    private static String lines(List<String> lines) {
        StringBuilder out = new StringBuilder();
        lines.forEach(line -> out.append(line).append('\n'));
        return out.toString();
    }

    private static Map<String, String> keyValuesPerLine(List<String> lines) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String line : lines) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                map.putIfAbsent(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return map;
    }

    /** info.txt style: "key=value" lines; host.txt style: "k=v k=v" (joined into one line first). */
    private static Map<String, String> keyValues(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("uname=") || line.startsWith("cmdline=")) {
                map.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
                continue;
            }
            for (String word : line.trim().split("\\s+")) {
                int eq = word.indexOf('=');
                if (eq > 0) {
                    map.put(word.substring(0, eq), word.substring(eq + 1));
                }
            }
        }
        return map;
    }

    private static boolean startsWith(byte[] content, String prefix) {
        byte[] p = prefix.getBytes(StandardCharsets.US_ASCII);
        return content.length >= p.length && Arrays.equals(content, 0, p.length, p, 0, p.length);
    }

    /**
     * {@code tree NAME DIR DESCRIPTION OUT} imports a flattened snapshot tree; {@code log NAME LOGFILE
     * DESCRIPTION OUT} rebuilds a sample from a lab dump log (NAME is shown in the header as the log's name).
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 5) {
            System.err.println("usage: SampleImporter tree|log NAME SOURCE DESCRIPTION OUT.machine");
            System.exit(2);
        }
        Path source = Path.of(args[2]);
        String text = args[0].equals("tree")
                ? fromSnapshotTree(source, args[3])
                : fromLabLog(Files.readString(source), Files.readString(Path.of(args[2].replaceFirst("\\.log$", ".meta"))),
                        source.getFileName().toString(), args[3]);
        Files.writeString(Path.of(args[4]), text);
    }
}
