package org.disktune.initramfs.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/**
 * Reads dracut's configuration as dracut sources it: /etc/dracut.conf first, then the *.conf
 * files of /usr/lib/dracut/dracut.conf.d and /etc/dracut.conf.d in name order, where an /etc file
 * masks the /usr/lib file of the same name.
 */
public final class DracutConfReader {
    public static final String MAIN = "/etc/dracut.conf";
    public static final String ETC_DIR = "/etc/dracut.conf.d";
    public static final String LIB_DIR = "/usr/lib/dracut/dracut.conf.d";

    private final Host host;

    public DracutConfReader(Host host) {
        this.host = host;
    }

    /** The files dracut would source, in order. */
    public List<String> files() {
        List<String> out = new ArrayList<>();
        if (Files.isRegularFile(host.path(MAIN))) {
            out.add(MAIN);
        }
        Map<String, String> byName = new TreeMap<>();
        for (String dir : List.of(LIB_DIR, ETC_DIR)) {
            Path d = host.path(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> s = Files.list(d)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".conf"))
                        .filter(n -> !Files.isDirectory(host.path(dir + "/" + n)))
                        .forEach(n -> byName.put(n, dir + "/" + n));
            } catch (IOException e) {
                throw DisktuneException.environment("cannot list " + dir + ": " + e.getMessage());
            }
        }
        out.addAll(byName.values());
        return out;
    }

    public DracutConf read() {
        List<Map.Entry<String, byte[]>> contents = new ArrayList<>();
        for (String f : files()) {
            try {
                contents.add(Map.entry(f, Files.readAllBytes(host.path(f))));
            } catch (IOException e) {
                throw DisktuneException.environment("cannot read " + f + ": " + e.getMessage());
            }
        }
        return evaluate(contents);
    }

    /** Evaluates files given in dracut's order (machine path, bytes). */
    public static DracutConf evaluate(List<Map.Entry<String, byte[]>> files) {
        ShellValues v = new ShellValues();
        for (Map.Entry<String, byte[]> f : files) {
            v.run(f.getKey(), new String(f.getValue(), StandardCharsets.ISO_8859_1), p -> Optional.empty(), 0);
        }
        String hostonly = v.scalars.get("hostonly");
        Boolean hostOnly = hostonly == null ? null : (hostonly.equals("yes") || hostonly.equals("-h"));
        return new DracutConf(files.stream().map(Map.Entry::getKey).toList(), hostOnly,
                v.arrays.getOrDefault("install_items", List.of()), v.scalars.get("initrdname"));
    }
}
