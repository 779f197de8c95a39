package org.disktune.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Function;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.ChrootCommandRunner;
import org.disktune.host.CommandRunner;
import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.KernelLogSource;
import org.disktune.host.LinuxHost;
import org.disktune.host.LiveKernelLog;
import org.disktune.host.ProcessCommandRunner;
import org.disktune.host.ProgressCommandRunner;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.tuning.DesiredStateService;

/**
 * One run of disktune: the parsed global options, the output streams, and the {@link Host} built once
 * from them (the live machine, a --root tree or a --sample machine) and handed to every command.
 */
final class Session {
    /** Where a root tree keeps the log of its last boot (Debian's bootlogd/dmesg copy; the bundled samples too). */
    static final String TREE_KERNEL_LOG = "/var/log/dmesg";
    private final OutputStream stdout;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Function<GlobalOptions, Host> hostFactory;
    private GlobalOptions options = new GlobalOptions(null, null, false, false, null, false);
    private Host host;

    Session(OutputStream stdout, PrintWriter out, PrintWriter err, Function<GlobalOptions, Host> hostFactory) {
        this.stdout = stdout;
        this.out = new PrintWriter(new MachineTermsWriter(out, this::inMachineTerms), true);
        this.err = err;
        this.hostFactory = hostFactory;
    }

    /** The factory of a real run: live machine, --root tree, or bundled sample. */
    static Host defaultHost(GlobalOptions options) {
        if (options.sample() != null && !options.sample().isEmpty()) {
            Path root = SampleRoots.materialize(options.sample());
            return new RootedHost(root, new RefusingCommandRunner("sample " + options.sample()),
                    kernelLog(options, treeKernelLog(root, "sample " + options.sample())), Clock.systemUTC(), true);
        }
        if (options.root() != null) {
            Path root = Path.of(options.root()).toAbsolutePath().normalize();
            if (!Files.isDirectory(root)) {
                throw DisktuneException.usage("--root " + options.root() + " is not a directory; give the top of a Linux root tree (with sys/, proc/ or etc/)");
            }
            if (!Files.isDirectory(root.resolve("sys")) && !Files.isDirectory(root.resolve("proc")) && !Files.isDirectory(root.resolve("etc"))) {
                throw DisktuneException.usage("--root " + options.root() + " is not a Linux tree (no sys/, proc/ or etc/ in it); give the top of a mounted root or a sysfs snapshot");
            }
            CommandRunner programs = options.chroot() ? ProgressCommandRunner.wrap(new ChrootCommandRunner(root, new ProcessCommandRunner()), options.json())
                    : new RefusingCommandRunner("--root " + options.root() + " (add --chroot to run them inside it)");
            return new RootedHost(root, programs,
                    kernelLog(options, treeKernelLog(root, "--root " + options.root())), Clock.systemUTC(), Files.isWritable(root));
        }
        if (options.chroot()) {
            throw DisktuneException.usage("--chroot needs --root DIR (the tree to run programs in)");
        }
        ProcessCommandRunner commands = new ProcessCommandRunner();
        return new LinuxHost(ProgressCommandRunner.wrap(commands, options.json()), kernelLog(options, new LiveKernelLog(commands)));
    }

    /** --kernel-log FILE for any host; otherwise the host's own log (a source that reads nothing until opened). */
    private static KernelLogSource kernelLog(GlobalOptions options, KernelLogSource own) {
        if (options.kernelLog() != null) {
            return new FileKernelLog(Path.of(options.kernelLog())); // as typed: errors quote it so
        }
        return own;
    }

    /** A root tree's saved boot log, /var/log/dmesg, read when a command first opens it. */
    static KernelLogSource treeKernelLog(Path root, String what) {
        Path dmesg = RootedHost.inRoot(root, TREE_KERNEL_LOG);
        return () -> {
            if (!Files.isRegularFile(dmesg)) {
                throw new DisktuneException(ExitCode.ENVIRONMENT,
                        "no kernel log for " + what + " (no " + TREE_KERNEL_LOG + " in it); give --kernel-log FILE");
            }
            return new FileKernelLog(dmesg).open();
        };
    }

    void options(GlobalOptions options) {
        this.options = options;
    }

    /** Before a command runs: --root and --sample together are refused (each names the machine to work on). */
    void requireOneMachine() {
        if (options.root() != null && options.sample() != null) {
            throw DisktuneException.usage("--root and --sample name two different machines; give one of them");
        }
    }

    GlobalOptions options() {
        return options;
    }

    Host host() {
        if (host == null) {
            host = hostFactory.apply(options);
        }
        return host;
    }

    /** A message for the user: paths below a --root tree or sample named as the machine's ("/etc/..."), {@link Host#inMachineTerms}. */
    String inMachineTerms(String message) {
        return host == null ? message : host.inMachineTerms(message);
    }

    /**
     * A file of the machine under work that the user named (an initramfs image, a file an image should hold).
     * With --root or --sample an absolute path is resolved inside that tree ({@link Host#path}) and never falls
     * back to this machine's file of the same name; a relative path, and every path on the machine itself, is a
     * file here.
     */
    Path treeFile(String argument) {
        if (argument.startsWith("/") && !host().live()) {
            return host().path(argument);
        }
        return Path.of(argument);
    }

    /**
     * A file the user keeps on the machine they type on, whatever machine is worked on: a draft configuration
     * (--config, to plan against a tree or sample before installing it there) or a benchmark result written with
     * --json. Never looked up in a --root tree.
     */
    Path localFile(String argument) {
        return Path.of(argument);
    }

    /** The desired state's location: --config FILE (looked up like every file the user names), else the host's own. */
    DesiredStateService.ConfigLocation configLocation() {
        String config = options.config();
        return config == null ? DesiredStateService.ConfigLocation.hostDefault()
                : new DesiredStateService.ConfigLocation(localFile(config), config);
    }

    PrintWriter out() {
        return out;
    }

    /** Standard output as bytes (file contents); flush {@link #out()} first. */
    OutputStream stdout() {
        out.flush();
        return stdout;
    }

    PrintWriter err() {
        return err;
    }

    Output output() {
        return new Output(out, options.json());
    }
}
