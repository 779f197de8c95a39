package org.disktune.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs programs inside a root tree with chroot(8), for {@code --root DIR --chroot}: the generator of
 * a mounted system or an image being provisioned rebuilds that system's initramfs, not this one's.
 * Programs are looked up in the tree's own PATH directories. The tree should have /proc, /sys and
 * /dev mounted as for any chroot maintenance.
 */
public final class ChrootCommandRunner implements CommandRunner {
    private static final List<String> PATH = List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin");

    private final Path root;
    private final CommandRunner outside;

    public ChrootCommandRunner(Path root, CommandRunner outside) {
        this.root = root;
        this.outside = outside;
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        List<String> chrooted = new ArrayList<>(List.of("chroot", root.toString()));
        chrooted.addAll(argv);
        CommandResult result = outside.run(chrooted, timeout);
        return new CommandResult(argv, result.exitCode(), result.stdout(), result.stderr());
    }

    @Override
    public boolean available(String program) {
        if (!outside.available("chroot")) {
            return false;
        }
        if (program.startsWith("/")) {
            return Files.isExecutable(root.resolve(program.substring(1)));
        }
        return PATH.stream().anyMatch(dir -> Files.isExecutable(root.resolve(dir.substring(1)).resolve(program)));
    }
}
