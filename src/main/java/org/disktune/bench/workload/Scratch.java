package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The one fresh directory a directory workload keeps its files in ({@code DIR/.disktune-bench-XXXXXXXX}), removed with
 * everything in it by {@link #close()} and, when the JVM is stopped by Ctrl-C (SIGINT), SIGTERM or SIGHUP, by a shutdown
 * hook: the JVM runs shutdown hooks on those signals (Runtime.addShutdownHook), not on SIGKILL, which nothing can
 * catch. The hook is registered before the directory is made (so that no signal finds a directory nobody removes) and
 * unregistered after a normal close.
 *
 * <p>The workload's thread keeps running while the hook removes the files, so the hook first marks the directory
 * closed ({@link #checkOpen()} then fails the workload's next step) and retries the removal until no file created in
 * between is left.
 */
final class Scratch implements AutoCloseable {
    static final String PREFIX = ".disktune-bench-";
    private static final SecureRandom RANDOM = new SecureRandom();
    private final Path directory;
    private final Thread hook;
    private volatile boolean closed;
    private boolean removed;

    private Scratch(Path directory) {
        this.directory = directory;
        this.hook = new Thread(this::removeFromHook, "disktune-bench-cleanup");
    }

    /** Makes a fresh directory in {@code parent}; the shutdown hook that removes it is in place before it exists. */
    static Scratch create(Path parent) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Scratch scratch = new Scratch(parent.resolve(PREFIX + HexFormat.of().toHexDigits(RANDOM.nextInt())));
            Runtime.getRuntime().addShutdownHook(scratch.hook);
            try {
                Files.createDirectory(scratch.directory);
                return scratch;
            } catch (FileAlreadyExistsException e) {
                scratch.unhook();
                if (attempt > 10) {
                    throw e;
                }
            } catch (IOException | RuntimeException e) {
                scratch.unhook();
                throw e;
            }
        }
    }

    Path directory() {
        return directory;
    }

    Path resolve(String name) {
        return directory.resolve(name);
    }

    /** Fails once the directory is being removed (close or a signal): the workload stops making files. */
    void checkOpen() throws IOException {
        if (closed) {
            throw new IOException("the benchmark was stopped: its files in " + directory + " are being removed");
        }
    }

    /** Removes the directory and everything in it, then the shutdown hook. Idempotent. */
    @Override
    public void close() throws IOException {
        remove();
        unhook();
    }

    private void removeFromHook() {
        try {
            remove();
        } catch (IOException | RuntimeException e) {
            System.err.println("disktune: could not remove the benchmark's files in " + directory + " (" + e.getMessage()
                    + "); remove that directory by hand");
        }
    }

    private synchronized void remove() throws IOException {
        closed = true;
        if (removed) {
            return;
        }
        for (int attempt = 0; ; attempt++) {
            try {
                deleteTree(directory);
                removed = true;
                return;
            } catch (DirectoryNotEmptyException e) {
                // the workload made a file after the walk listed the directory: walk again
                if (attempt >= 200) {
                    throw e;
                }
                try {
                    Thread.sleep(5);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private void unhook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: the hook runs (or ran) and removes the directory
        }
    }

    /** Post-order removal that tolerates files vanishing meanwhile (the hook and close may race). */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
