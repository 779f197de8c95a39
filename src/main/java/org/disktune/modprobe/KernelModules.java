package org.disktune.modprobe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.disktune.core.Spelling;
import org.disktune.host.Host;

/**
 * The modules the installed kernels have, by name ('-' and '_' alike): each loadable module in a kernel's
 * {@code modules.dep} (depmod writes one {@code path/NAME.ko[.gz|.xz|.zst]: deps} line per module), each built-in
 * one in its {@code modules.builtin}, for every kernel under /lib/modules and /usr/lib/modules, and the modules
 * loaded now (/proc/modules, /sys/module). A kernel whose modules.dep is missing or empty and that has no
 * modules.builtin tells nothing; without any kernel that tells, no name is refused.
 */
public final class KernelModules {
    private static final List<String> MODULE_DIRS = List.of("/lib/modules", "/usr/lib/modules");
    private static final Pattern MODULE_FILE = Pattern.compile("\\.ko(\\.(gz|xz|zst))?$");

    private final Set<String> names;
    private final List<String> kernels;
    private final Map<String, Set<String>> builtIn;

    private KernelModules(Set<String> names, List<String> kernels, Map<String, Set<String>> builtIn) {
        this.names = names;
        this.kernels = kernels;
        this.builtIn = builtIn;
    }

    /** Reads the lists of the tree; an unreadable list counts as absent. */
    public static KernelModules read(Host host) {
        Set<String> names = new TreeSet<>();
        List<String> kernels = new ArrayList<>();
        Map<String, Set<String>> builtIn = new TreeMap<>();
        for (String dir : MODULE_DIRS) {
            for (String kernel : list(host.path(dir))) {
                Path base = host.path(dir + "/" + kernel);
                List<String> dep = lines(base.resolve("modules.dep"));
                List<String> builtin = lines(base.resolve("modules.builtin"));
                if (dep == null || builtin == null || dep.isEmpty() && !Files.isRegularFile(base.resolve("modules.builtin"))) {
                    continue;
                }
                if (!kernels.contains(kernel)) {
                    kernels.add(kernel);
                }
                dep.forEach(l -> add(names, l.split(":", 2)[0]));
                builtin.forEach(l -> add(names, l));
                Set<String> own = builtIn.computeIfAbsent(kernel, k -> new TreeSet<>());
                builtin.forEach(l -> add(own, l));
            }
        }
        List<String> loaded = lines(host.path("/proc/modules"));
        (loaded == null ? List.<String>of() : loaded).forEach(l -> add(names, l.split(" ", 2)[0]));
        list(host.path("/sys/module")).forEach(m -> add(names, m));
        return new KernelModules(names, List.copyOf(kernels), builtIn);
    }

    /**
     * Why {@code module} cannot be set on this tree, when the lists prove no installed kernel has it: "no module
     * M in modules.dep or modules.builtin of kernel K, and none is loaded; did you mean N?". Empty when it exists
     * or when nothing can be told.
     */
    public Optional<String> missing(String module) {
        String m = ModprobeConfigParser.normalizeName(module);
        if (kernels.isEmpty() || names.contains(m)) {
            return Optional.empty();
        }
        return Optional.of("no module " + m + " in modules.dep or modules.builtin of kernel" + (kernels.size() > 1 ? "s " : " ")
                + String.join(", ", kernels) + ", and none is loaded; "
                + Spelling.closest(m, names).map(n -> "did you mean " + n + "?").orElse("check the name with lsmod or modinfo"));
    }

    /**
     * For each installed kernel whose lists tell (in version order), whether its modules.builtin lists {@code module}:
     * true where it is built in, false where it is not (loadable, or absent).
     */
    public Map<String, Boolean> builtIn(String module) {
        String m = ModprobeConfigParser.normalizeName(module);
        Map<String, Boolean> out = new LinkedHashMap<>();
        builtIn.forEach((kernel, modules) -> out.put(kernel, modules.contains(m)));
        return out;
    }

    /**
     * Whether {@code kernel}'s modules.builtin (written by the kernel build, read by kmod), under /lib/modules or
     * /usr/lib/modules, lists {@code module}; false where neither list exists.
     */
    public static boolean builtInto(Host host, String kernel, String module) throws IOException {
        String m = ModprobeConfigParser.normalizeName(module);
        for (String dir : MODULE_DIRS) {
            Path list = host.path(dir + "/" + kernel + "/modules.builtin");
            if (Files.isRegularFile(list)) {
                try (Stream<String> lines = Files.lines(list)) {
                    if (lines.anyMatch(line -> moduleName(line).equals(m))) {
                        return true;
                    }
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }
        }
        return false;
    }

    private static void add(Set<String> names, String path) {
        String name = moduleName(path);
        if (!name.isEmpty()) {
            names.add(name);
        }
    }

    /** The normalized module name of a modules.dep or modules.builtin path ({@code kernel/drivers/ata/sata_nv.ko.xz}). */
    private static String moduleName(String path) {
        String file = path.strip().substring(path.strip().lastIndexOf('/') + 1);
        return ModprobeConfigParser.normalizeName(MODULE_FILE.matcher(file).replaceFirst(""));
    }

    /** The lines of a file, none when it is absent, null when it cannot be read. */
    private static List<String> lines(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    private static List<String> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }
}
