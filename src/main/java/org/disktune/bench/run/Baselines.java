package org.disktune.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.AtomicFileWriter;
import org.disktune.host.Host;

/**
 * The baselines {@code apply --bench} measured before it changed anything, for {@code verify --bench} after the
 * reboot: {@value #PATH} maps each measured target to the ids of its stored results, one per separate run
 * ({@code ["ID1", "ID2", "ID3"]}; a file of an earlier release holds one id as a string, read as one run). A disk is
 * keyed by its stable identity ({@code wwn-...}, {@code ata-...}), so that after a reboot the same disk is measured
 * again even when its kernel name moved; a disk without one by its kernel name; a directory by its path. disktune's
 * own state, written atomically; a newer baseline of a target replaces the older one.
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

    /** Every baseline, key to the result ids of its runs, in key order. */
    public Map<String, List<String>> all() {
        Path p = host.path(PATH);
        if (!Files.isRegularFile(p)) {
            return Map.of();
        }
        try {
            Map<String, JsonNode> read = JSON.readValue(Files.readAllBytes(p), new TypeReference<Map<String, JsonNode>>() { });
            Map<String, List<String>> all = new TreeMap<>();
            for (Map.Entry<String, JsonNode> e : read.entrySet()) {
                all.put(e.getKey(), ids(e.getValue()));
            }
            return all;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, PATH + " cannot be read (" + e.getMessage().lines().findFirst().orElse("")
                    + "); remove it and measure again with disktune apply --bench TARGET");
        }
    }

    /** An id (an earlier release's one run) or a non-empty array of ids. */
    private static List<String> ids(JsonNode value) throws IOException {
        if (value.isTextual()) {
            return List.of(value.asText());
        }
        List<String> ids = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(id -> ids.add(id.isTextual() ? id.asText() : null));
        }
        if (ids.isEmpty() || ids.contains(null)) {
            throw new JsonMappingException(null, "a baseline is a result id or an array of them, not " + value);
        }
        return List.copyOf(ids);
    }

    public void put(String key, List<String> ids) {
        Map<String, List<String>> all = new LinkedHashMap<>(all());
        all.put(key, List.copyOf(ids));
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
