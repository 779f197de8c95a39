package org.disktune.modprobe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/**
 * Reads a host's modprobe configuration as kmod does (libkmod.c default_config_paths and
 * libkmod-config.c conf_files_list): the directories below in this order, only regular
 * {@code *.conf} files not starting with '.', a name found in an earlier directory hides the same
 * name in later ones, and all files are then parsed in strcmp order of their names regardless of
 * directory; the kernel command line comes last. {@code /etc/modprobe.conf} (module-init-tools,
 * 2.6-era) is read first only when the host has no kmod; otherwise it is listed as not read.
 */
public final class ModprobeConfigReader {
    public static final List<String> DIRECTORIES = List.of(
            "/etc/modprobe.d", "/run/modprobe.d", "/usr/local/lib/modprobe.d", "/lib/modprobe.d", "/usr/lib/modprobe.d");
    public static final String LEGACY_FILE = "/etc/modprobe.conf";
    public static final String CMDLINE = "/proc/cmdline";
    private static final List<String> KMOD_BINARIES = List.of("/usr/bin/kmod", "/bin/kmod", "/usr/sbin/kmod", "/sbin/kmod");

    private final Host host;
    private final ModprobeConfigParser parser = new ModprobeConfigParser();

    public ModprobeConfigReader(Host host) {
        this.host = host;
    }

    public boolean hasKmod() {
        return KMOD_BINARIES.stream().anyMatch(p -> Files.exists(host.path(p)));
    }

    public ModprobeConfig read() {
        boolean kmod = hasKmod();
        List<ModprobeConfigFile> files = new ArrayList<>();
        List<ModprobeDirective> directives = new ArrayList<>();
        List<IgnoredLine> ignored = new ArrayList<>();

        Path legacy = host.path(LEGACY_FILE);
        if (Files.isRegularFile(legacy)) {
            if (kmod) {
                files.add(new ModprobeConfigFile(LEGACY_FILE, ConfigFileStatus.LEGACY_NOT_READ, null));
            } else {
                files.add(new ModprobeConfigFile(LEGACY_FILE, ConfigFileStatus.READ, null));
                parseInto(LEGACY_FILE, directives, ignored);
            }
        }

        Map<String, String> chosen = new TreeMap<>(); // name -> directory; TreeMap = strcmp order for ASCII names
        for (String dir : DIRECTORIES) {
            Path d = host.path(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            for (String name : list(host, d, dir)) {
                String full = dir + "/" + name;
                if (name.startsWith(".") || Files.isDirectory(host.path(full)) || !Files.exists(host.path(full))) {
                    continue;
                }
                boolean conf = name.length() >= 6 && name.endsWith(".conf");
                if (!conf && kmod) {
                    files.add(new ModprobeConfigFile(full, ConfigFileStatus.NOT_CONF_IGNORED, null));
                    continue;
                }
                String earlier = chosen.get(name);
                if (earlier != null) {
                    files.add(new ModprobeConfigFile(full, ConfigFileStatus.HIDDEN, earlier + "/" + name));
                } else {
                    chosen.put(name, dir);
                }
            }
        }
        for (Map.Entry<String, String> e : chosen.entrySet()) {
            String full = e.getValue() + "/" + e.getKey();
            files.add(new ModprobeConfigFile(full, ConfigFileStatus.READ, null));
            parseInto(full, directives, ignored);
        }

        Path cmdline = host.path(CMDLINE);
        if (Files.isRegularFile(cmdline)) {
            directives.addAll(parser.parseKernelCommandLine(readString(cmdline, CMDLINE)));
        }
        return new ModprobeConfig(files, directives, ignored);
    }

    private void parseInto(String machinePath, List<ModprobeDirective> directives, List<IgnoredLine> ignored) {
        Path p = host.path(machinePath);
        byte[] bytes;
        try {
            bytes = host.readAllBytes(p);
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read " + machinePath + ": " + e.getMessage() + "; check its permissions");
        }
        ModprobeConfigParser.ParsedFile parsed = parser.parse(machinePath, bytes);
        directives.addAll(parsed.directives());
        ignored.addAll(parsed.ignored());
    }

    /** The names in {@code dir}, sorted, listed contained in the host's root ({@link Host#list}). */
    private static List<String> list(Host host, Path dir, String machinePath) {
        try {
            return host.list(dir);
        } catch (IOException e) {
            throw DisktuneException.environment("cannot list " + machinePath + ": " + e.getMessage() + "; check its permissions");
        }
    }

    private static String readString(Path p, String machinePath) {
        try {
            return new String(Files.readAllBytes(p), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read " + machinePath + ": " + e.getMessage());
        }
    }
}
