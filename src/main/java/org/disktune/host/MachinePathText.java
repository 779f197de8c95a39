package org.disktune.host;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Paths of a root tree written as the machine's paths: {@code /etc/fstab}, not the tree's place on this machine
 * ({@code /srv/tree/etc/fstab}). A message may hold a tree path from anywhere below the host (a resolved
 * {@link Path} concatenated into a text, the file name an NIO exception carries, the atomic writer's target), so
 * messages are translated once, where they leave disktune.
 */
final class MachinePathText {
    private MachinePathText() {
    }

    /** The machine path of {@code resolved} under {@code root}: "/" and the rest; a path outside the root as it is. */
    static String machinePath(Path root, Path resolved) {
        if (isFileSystemRoot(root) || !resolved.isAbsolute() || !resolved.startsWith(root)) {
            return resolved.toString();
        }
        return "/" + root.relativize(resolved).toString();
    }

    /** {@code text} with each path below {@code root} (as given, and as its real path) written as its machine path. */
    static String of(Path root, String text) {
        if (text == null || isFileSystemRoot(root)) {
            return text;
        }
        String result = text;
        for (String prefix : prefixes(root)) {
            result = replace(result, prefix);
        }
        return result;
    }

    /** The last root's prefixes: every line of output is translated, and the root's real path is a system call. */
    private static volatile Prefixes last;

    private record Prefixes(Path root, Set<String> prefixes) {
    }

    /** The root as given and as its real path. */
    private static Set<String> prefixes(Path root) {
        Prefixes cached = last;
        if (cached != null && cached.root().equals(root)) {
            return cached.prefixes();
        }
        Set<String> prefixes = new LinkedHashSet<>();
        prefixes.add(root.toString());
        try {
            prefixes.add(root.toRealPath().toString());
        } catch (IOException | UnsupportedOperationException e) {
            // a root that cannot be resolved here is named as given only
        }
        last = new Prefixes(root, Set.copyOf(prefixes));
        return prefixes;
    }

    /**
     * Each {@code prefix/} that starts a path (at the start or after a character no path name ends with) becomes "/".
     * The root on its own stays: a message about the tree itself names it as the user gave it ({@code --root DIR}).
     */
    private static String replace(String text, String prefix) {
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        for (int i = text.indexOf(prefix + "/"); i >= 0; i = text.indexOf(prefix + "/", i + prefix.length())) {
            if (i == 0 || " \t'\"(=:,[<".indexOf(text.charAt(i - 1)) >= 0) {
                out.append(text, from, i);
                from = i + prefix.length();
            }
        }
        return out.append(text, from, text.length()).toString();
    }

    private static boolean isFileSystemRoot(Path root) {
        return root.getParent() == null;
    }
}
