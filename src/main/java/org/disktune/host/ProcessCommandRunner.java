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

/** Runs real programs with ProcessBuilder: argument lists only, output captured concurrently. */
public final class ProcessCommandRunner implements CommandRunner {
    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty argument list");
        }
        if (!available(argv.get(0))) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "program '" + argv.get(0) + "' not found; install the package that provides it");
        }
        Process process;
        try {
            process = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
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
        if (program.contains("/")) {
            return new File(program).canExecute();
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && new File(dir, program).canExecute()) {
                return true;
            }
        }
        for (String dir : List.of("/usr/local/sbin", "/usr/sbin", "/sbin")) {
            if (new File(dir, program).canExecute()) {
                return true;
            }
        }
        return false;
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
