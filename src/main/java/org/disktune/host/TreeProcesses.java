package org.disktune.host;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which programs run inside a host's tree: a process belongs to the tree when its root directory, the link
 * /proc/PID/root (proc(5)), is the tree (the live machine's "/" for the live host, the directory for {@code --root}).
 * A host on another file system (Jimfs: {@code --sample} and tests) has no processes.
 */
public final class TreeProcesses {
    private TreeProcesses() {
    }

    /**
     * True when a process of {@code host}'s tree runs one of {@code programs} (file names): as its executable, or as the
     * first argument of an interpreter (a script runs as "/bin/sh /usr/sbin/update-initramfs ...").
     */
    public static boolean anyRunning(Host host, Set<String> programs) {
        if (!host.root().getFileSystem().equals(FileSystems.getDefault())) {
            return false;
        }
        Path tree;
        try {
            tree = host.root().toRealPath();
        } catch (IOException e) {
            return false;
        }
        return ProcessHandle.allProcesses().filter(p -> inTree(p.pid(), tree)).anyMatch(p -> {
            List<String> words = new ArrayList<>();
            p.info().command().ifPresent(words::add);
            p.info().arguments().filter(a -> a.length > 0).ifPresent(a -> words.add(a[0]));
            return words.stream().anyMatch(w -> programs.contains(w.substring(w.lastIndexOf('/') + 1)));
        });
    }

    private static boolean inTree(long pid, Path tree) {
        try {
            return Files.readSymbolicLink(Path.of("/proc/" + pid + "/root")).equals(tree);
        } catch (IOException | UnsupportedOperationException e) {
            return false; // gone, or not ours to see
        }
    }
}
