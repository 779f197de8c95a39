package org.disktune.modprobe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorInputStream;
import org.disktune.host.Host;
import org.disktune.host.Jna;

/**
 * The parameters each installed kernel declares for a module, read from the kernel's own files as {@code modinfo -p}
 * does: the {@code parm=} and {@code parmtype=} entries of the module's {@code .modinfo} section (the file that
 * {@code modules.dep} names, {@code .ko}, {@code .ko.gz}, {@code .ko.xz} or {@code .ko.zst}), or of
 * {@code modules.builtin.modinfo} ({@code module.parmtype=...}) for a module built into the kernel. Modules are read
 * when first asked for, once. A module whose file is absent tells nothing; a file that is there but is no module is
 * an error.
 */
public final class KernelModuleParameters {
    private static final List<String> MODULE_DIRS = List.of("/lib/modules", "/usr/lib/modules");
    /** Larger decompressed modules are refused: the largest in-tree module is well under this. */
    private static final long MAX_MODULE_BYTES = 256L << 20;

    /** One kernel's declaration of a module: its parameters with their parmtype ("" when only parm= names it). */
    public record Declared(String kernel, String file, Map<String, String> types) {
    }

    private final Host host;
    private final Map<String, Path> kernels = new TreeMap<>();
    private final Map<String, List<Declared>> cache = new LinkedHashMap<>();

    public KernelModuleParameters(Host host) {
        this.host = host;
        for (String dir : MODULE_DIRS) {
            Path base = host.path(dir);
            if (!Files.isDirectory(base)) {
                continue;
            }
            try (var list = Files.list(base)) {
                list.filter(k -> Files.isRegularFile(k.resolve("modules.dep")) || Files.isRegularFile(k.resolve("modules.builtin.modinfo")))
                        .forEach(k -> kernels.putIfAbsent(k.getFileName().toString(), k));
            } catch (IOException unreadable) {
                // a directory that cannot be listed tells nothing
            }
        }
    }

    /** The installed kernels with module lists, by version. */
    public List<String> kernels() {
        return List.copyOf(kernels.keySet());
    }

    /**
     * Each installed kernel's declaration of {@code module} (loadable or built in); empty when no kernel's files name
     * it. An unreadable or damaged module file is an {@link IOException} naming it.
     */
    public List<Declared> declared(String module) throws IOException {
        String m = ModprobeConfigParser.normalizeName(module);
        List<Declared> found = cache.get(m);
        if (found == null) {
            found = new ArrayList<>();
            for (Map.Entry<String, Path> kernel : kernels.entrySet()) {
                Optional<Declared> d = loadable(kernel.getKey(), kernel.getValue(), m);
                if (d.isEmpty()) {
                    d = builtIn(kernel.getKey(), kernel.getValue(), m);
                }
                d.ifPresent(found::add);
            }
            cache.put(m, List.copyOf(found));
        }
        return found;
    }

    private Optional<Declared> loadable(String kernel, Path base, String module) throws IOException {
        Path dep = base.resolve("modules.dep");
        if (!Files.isRegularFile(dep)) {
            return Optional.empty();
        }
        Optional<String> listed = Files.readAllLines(dep).stream().map(line -> line.split(":", 2)[0].strip())
                .filter(path -> ModprobeConfigParser.normalizeName(path.substring(path.lastIndexOf('/') + 1)
                        .replaceFirst("\\.ko(\\.(gz|xz|zst))?$", "")).equals(module))
                .findFirst();
        if (listed.isEmpty()) {
            return Optional.empty();
        }
        String file = listed.get();
        // depmod writes paths relative to the kernel's tree; old ones (module-init-tools) wrote absolute paths into it
        boolean inTree = MODULE_DIRS.stream().anyMatch(d -> !file.startsWith("/") || file.startsWith(d + "/" + kernel + "/"));
        if (!inTree || List.of(file.split("/")).contains("..")) {
            throw new IOException(dep + " names " + file + ", outside the kernel's module tree; run depmod " + kernel);
        }
        Path ko = file.startsWith("/") ? host.path(file) : base.resolve(file);
        if (!Files.isRegularFile(ko)) {
            return Optional.empty(); // listed but not installed: the file tells nothing
        }
        try {
            return Optional.of(new Declared(kernel, file, types(ModinfoSection.read(decompressed(ko)))));
        } catch (IllegalArgumentException e) {
            throw new IOException(ko + ": " + e.getMessage() + " (not a kernel module? reinstall the kernel package)", e);
        }
    }

    private static Optional<Declared> builtIn(String kernel, Path base, String module) throws IOException {
        Path list = base.resolve("modules.builtin.modinfo");
        if (!Files.isRegularFile(list)) {
            return Optional.empty();
        }
        byte[] bytes = Files.readAllBytes(list);
        List<Map.Entry<String, String>> entries = ModinfoSection.entries(bytes, 0, bytes.length);
        String prefix = module + ".";
        List<Map.Entry<String, String>> own = entries.stream()
                .filter(e -> ModprobeConfigParser.normalizeName(e.getKey()).startsWith(prefix))
                .map(e -> Map.entry(e.getKey().substring(prefix.length()), e.getValue())).toList();
        boolean listed = !own.isEmpty();
        boolean inBuiltinList = isBuiltIn(base, module);
        return listed || inBuiltinList ? Optional.of(new Declared(kernel, "modules.builtin.modinfo", types(own))) : Optional.empty();
    }

    private static boolean isBuiltIn(Path base, String module) throws IOException {
        Path list = base.resolve("modules.builtin");
        return Files.isRegularFile(list) && Files.readAllLines(list).stream().map(String::strip)
                .map(p -> p.substring(p.lastIndexOf('/') + 1).replaceFirst("\\.ko$", ""))
                .anyMatch(n -> ModprobeConfigParser.normalizeName(n).equals(module));
    }

    /** parm= and parmtype= entries to parameter -> type, in the order the file declares them. */
    static Map<String, String> types(List<Map.Entry<String, String>> entries) {
        Map<String, String> types = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : entries) {
            int colon = e.getValue().indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = ModprobeConfigParser.normalizeName(e.getValue().substring(0, colon));
            switch (e.getKey()) {
                case "parm" -> types.putIfAbsent(name, "");
                case "parmtype" -> types.put(name, e.getValue().substring(colon + 1).strip());
                default -> {
                }
            }
        }
        return types;
    }

    /** The bytes of a module file, decompressed by its suffix. */
    static byte[] decompressed(Path ko) throws IOException {
        String name = ko.getFileName().toString();
        try (InputStream raw = Files.newInputStream(ko); InputStream in = decoder(name, raw)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, MAX_MODULE_BYTES + 1));
            if (bytes.length > MAX_MODULE_BYTES) {
                throw new IOException(ko + ": larger than " + (MAX_MODULE_BYTES >> 20) + " MiB decompressed; not read as a module");
            }
            return bytes;
        }
    }

    private static InputStream decoder(String name, InputStream raw) throws IOException {
        if (name.endsWith(".ko.xz")) {
            return XZCompressorInputStream.builder().setInputStream(raw).get();
        }
        if (name.endsWith(".ko.zst")) {
            Jna.prepare(); // zstd-jni's library from the launcher's cache
            return new ZstdCompressorInputStream(raw);
        }
        if (name.endsWith(".ko.gz")) {
            return GzipCompressorInputStream.builder().setInputStream(raw).get();
        }
        return raw;
    }
}
