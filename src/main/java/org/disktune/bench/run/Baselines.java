package org.disktune.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.AtomicFileWriter;
import org.disktune.host.Host;

/**
 * The baselines {@code apply --bench} measured before it changed anything, for {@code verify --bench} after the
 * reboot: {@value #PATH} maps each measured target to the id of its stored result. A disk is keyed by its stable
 * identity ({@code wwn-...}, {@code ata-...}), so that after a reboot the same disk is measured again even when its
 * kernel name moved; a disk without one by its kernel name; a directory by its path. disktune's own state, written
 * atomically; a newer baseline of a target replaces the older one.
 */
public final class Baselines {
    public static final String PATH = "/var/lib/disktune/bench/baselines.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Host host;

    public Baselines(Host host) {
        this.host = host;
    }

    /** The key of a target: "disk:IDENTITY", "device:NAME" or "directory:PATH". */
    public static String key(BenchTarget target) {
        if (target.kind() == BenchTarget.Kind.DIRECTORY) {
            return "directory:" + target.path();
        }
        return target.identity() != null ? "disk:" + target.identity() : "device:" + target.device();
    }

    /** Every baseline, key to result id, in key order. */
    public Map<String, String> all() {
        Path p = host.path(PATH);
        if (!Files.isRegularFile(p)) {
            return Map.of();
        }
        try {
            return new TreeMap<>(JSON.readValue(Files.readAllBytes(p), new TypeReference<Map<String, String>>() { }));
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, PATH + " cannot be read (" + e.getMessage().lines().findFirst().orElse("")
                    + "); remove it and measure again with disktune apply --bench TARGET");
        }
    }

    public void put(String key, String id) {
        Map<String, String> all = new LinkedHashMap<>(all());
        all.put(key, id);
        try {
            new AtomicFileWriter().write(host.path(PATH), JSON.writeValueAsBytes(new TreeMap<>(all)), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The target to measure again for a key: the disk's /dev/disk/by-id link, the kernel name, or the directory. */
    public static String target(String key) {
        int colon = key.indexOf(':');
        String kind = key.substring(0, colon);
        String value = key.substring(colon + 1);
        return switch (kind) {
            case "disk" -> "/dev/disk/by-id/" + value;
            case "device" -> value;
            case "directory" -> value;
            default -> throw new IllegalArgumentException("not a baseline key: " + key);
        };
    }
}
