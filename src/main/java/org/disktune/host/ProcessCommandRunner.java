package org.disktune.host;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * Runs real programs with ProcessBuilder: argument lists only, output captured concurrently. A bare
 * program name is looked up on PATH and then in the sbin directories (root's tools, such as chroot
 * and update-initramfs, live there, and PATH often lacks them: su without -, cron), and the file
 * found is the one started, so that {@link #available} and {@link #run} always agree.
 */
public final class ProcessCommandRunner implements CommandRunner {
    private static final List<String> SBIN = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    private final String path;

    public ProcessCommandRunner() {
        this(System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin"));
    }

    /** With {@code path} as the search path, and the programs' PATH, instead of this process's PATH. */
    ProcessCommandRunner(String path) {
        this.path = path;
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty argument list");
        }
        String program = locate(argv.get(0));
        if (program == null) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "program '" + argv.get(0) + "' not found; install the package that provides it");
        }
        List<String> started = new java.util.ArrayList<>(argv);
        started.set(0, program);
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(started).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().put("PATH", path);
            process = builder.start();
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot run " + argv.get(0) + ": " + e.getMessage(), e);
        }
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(process.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(process.getErrorStream()));
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor();
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        argv.get(0) + " did not finish within " + timeout.toSeconds() + " s and was killed");
            }
            return new CommandResult(argv, process.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new DisktuneException(ExitCode.ENVIRONMENT, "interrupted while running " + argv.get(0), e);
        }
    }

    @Override
    public boolean available(String program) {
        return locate(program) != null;
    }

    /** The file to start for {@code program}: itself when it names a path, else the first executable on PATH or in sbin. */
    private String locate(String program) {
        if (program.contains("/")) {
            return new File(program).canExecute() ? program : null;
        }
        List<String> dirs = new java.util.ArrayList<>(List.of(path.split(":")));
        dirs.addAll(SBIN);
        for (String dir : dirs) {
            File candidate = new File(dir, program);
            if (!dir.isEmpty() && candidate.isFile() && candidate.canExecute()) {
                return candidate.getPath();
            }
        }
        return null;
    }

    private static String drain(InputStream in) {
        try (in) {
            ByteArrayOutputStream buffer = new ByteArrayOutputStream();
            in.transferTo(buffer);
            return buffer.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
