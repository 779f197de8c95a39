package org.disktune.host;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * Runs real programs with ProcessBuilder: argument lists only, output captured concurrently. A bare
 * program name is looked up on PATH and then in the sbin directories (root's tools, such as chroot
 * and update-initramfs, live there, and PATH often lacks them: su without -, cron), and the file
 * found is the one started, so that {@link #available} and {@link #run} always agree.
 *
 * <p>A program that changes the machine ({@link #run}, not {@link #query}) dies with disktune, the whole
 * tree of it (update-initramfs runs mkinitramfs, which runs cpio and compressors): it is started as
 * {@code setpriv --pdeathsig KILL -- unshare --pid --kill-child=KILL -- flock --shared --no-fork LOCK PROGRAM ARGS}
 * (util-linux; each execs the next, argument lists only).
 * <ul>
 * <li>setpriv sets prctl(PR_SET_PDEATHSIG, SIGKILL), kept across execve of a non-set-uid program, so unshare is
 * killed when the thread that started it exits (prctl(2): the parent <em>thread</em>). The JDK (17, Linux) starts
 * a child by posix_spawn of jspawnhelper, which execs the program, from the calling thread
 * (ProcessImpl/childproc.c): so every child is started from one daemon thread that lives as long as the JVM.</li>
 * <li>unshare --pid --fork makes the program PID 1 of a new PID namespace, with its own parent-death signal
 * (--kill-child); when PID 1 of a namespace dies the kernel kills every process in it (pid_namespaces(7)), so no
 * grandchild survives. Needs root (CAP_SYS_ADMIN); without it only setpriv is used. Not for systemctl and the
 * systemd-* tools, which cannot reach systemd from another PID namespace ({@link #talksToSystemd}). Not where the
 * service manager forbids new namespaces (a unit with {@code RestrictNamespaces=yes}: a seccomp filter makes
 * unshare(2) fail with EPERM, and unshare(1) exits 1 before the program starts, which would read as the program's
 * failure): one trial {@code unshare --pid --kill-child=KILL -- true} per process decides ({@link #pidNamespaces}).</li>
 * <li>flock --shared --no-fork takes a flock(2) lock on the host lock file (while this JVM holds its fcntl lock
 * there, see {@link HostLock}; on Linux the two kinds do not conflict, flock(2)) and execs the program: every
 * process of the tree inherits that open file, so the lock is held until the last one exits, and
 * {@link HostLock#acquire} waits for a dying tree of a killed run before recovery touches the files.</li>
 * </ul>
 * A wrapper that is not installed is left out (the program still runs, without that guarantee).
 */
public final class ProcessCommandRunner implements CommandRunner {
    private static final List<String> SBIN = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    /** Where the wrappers are looked for: util-linux installs them in /usr/bin (/bin on unmerged systems). */
    private static final List<String> WRAPPER_DIRS = List.of("/usr/bin", "/bin");
    /**
     * Starts every child, and lives as long as the JVM: a child's parent-death signal fires when the thread that
     * started it exits, not the process. Made when the first program runs (a holder class): a command that runs
     * none, like a verify with nothing to verify, starts no thread.
     */
    private static final class Spawner {
        static final ExecutorService SPAWNER = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "disktune-spawner");
            thread.setDaemon(true);
            return thread;
        });
    }
    private static volatile Boolean root;
    private static volatile Boolean pidNamespaces;

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
        return run(argv, timeout, true);
    }

    /** Read-only programs (hdparm -B) need not die with disktune, nor root for a PID namespace. */
    @Override
    public CommandResult query(List<String> argv) {
        return run(argv, Duration.ofMinutes(1), false);
    }

    private CommandResult run(List<String> argv, Duration timeout, boolean guarded) {
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
        if (guarded) {
            started = guarded(started, HostLock.heldFile(), pidNamespaces());
        }
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(started).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().put("PATH", path);
            process = Spawner.SPAWNER.submit(builder::start).get();
        } catch (ExecutionException e) {
            String why = e.getCause() == null ? e.toString() : e.getCause().getMessage();
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot run " + argv.get(0) + ": " + why, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DisktuneException(ExitCode.ENVIRONMENT, "interrupted while starting " + argv.get(0), e);
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

    /**
     * {@code argv} (its program already located) behind the wrappers of the class comment that are installed:
     * unshare only where this process may make PID namespaces ({@code pidNamespaces}), flock only while this process
     * holds the host lock ({@code lockFile}).
     */
    static List<String> guarded(List<String> argv, Optional<Path> lockFile, boolean pidNamespaces) {
        List<String> wrapped = new ArrayList<>();
        wrapper("setpriv").ifPresent(w -> wrapped.addAll(List.of(w, "--pdeathsig", "KILL", "--")));
        if (pidNamespaces && !wrapped.isEmpty() && !talksToSystemd(argv.get(0))) {
            wrapper("unshare").ifPresent(w -> wrapped.addAll(List.of(w, "--pid", "--kill-child=KILL", "--")));
        }
        if (lockFile.isPresent()) {
            wrapper("flock").ifPresent(w -> wrapped.addAll(List.of(w, "--shared", "--no-fork", lockFile.get().toString())));
        }
        wrapped.addAll(argv);
        return List.copyOf(wrapped);
    }

    /**
     * systemctl and the other systemd tools cannot reach systemd from another PID namespace ("Failed to connect to bus:
     * No data available" from systemctl enable in the end-to-end guest), so they run without unshare; they start no
     * children that could outlive them, and setpriv and flock still apply.
     */
    static boolean talksToSystemd(String program) {
        String name = program.substring(program.lastIndexOf('/') + 1);
        return name.equals("systemctl") || name.startsWith("systemd-");
    }

    private static Optional<String> wrapper(String name) {
        return WRAPPER_DIRS.stream().map(d -> new File(d, name)).filter(File::canExecute).map(File::getPath).findFirst();
    }

    /** Whether programs can run in a PID namespace of their own here: root, and a trial unshare works (cached). */
    private static boolean pidNamespaces() {
        Boolean known = pidNamespaces;
        if (known == null) {
            known = isRoot() && wrapper("unshare").map(ProcessCommandRunner::unshareWorks).orElse(false);
            pidNamespaces = known;
        }
        return known;
    }

    /**
     * Runs {@code unshare --pid --kill-child=KILL -- true} with the given unshare: true when it exits 0. Under
     * RestrictNamespaces=yes (systemd.exec(5)) it prints "unshare failed: Operation not permitted" and exits 1.
     */
    static boolean unshareWorks(String unshare) {
        String truth = WRAPPER_DIRS.stream().map(d -> new File(d, "true")).filter(File::canExecute).map(File::getPath).findFirst()
                .orElse(null);
        if (truth == null) {
            return false;
        }
        try {
            Process trial = new ProcessBuilder(unshare, "--pid", "--kill-child=KILL", "--", truth)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!trial.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                trial.destroyForcibly();
                return false;
            }
            return trial.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean isRoot() {
        Boolean known = root;
        if (known == null) {
            known = LibC.load().geteuid() == 0;
            root = known;
        }
        return known;
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
