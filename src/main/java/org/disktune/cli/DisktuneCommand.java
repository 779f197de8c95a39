package org.disktune.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The top command: global options and the exit-code table in --help. Its subcommands are added by
 * {@link CommandModel} (all of them, or only the one a run names), not listed here.
 */
@Command(name = "disktune",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        header = "Linux disk tuning that is real, persistent and proven.",
        description = {
                "Detects disk controllers, drivers, ATA ports and disks; brings the machine to the desired state of "
                        + "/etc/disktune/disktune.conf (see disktune.conf(5)): sysfs settings live, module options through "
                        + "modprobe.d and a rebuilt, proven initramfs; reads the kernel log after a reboot; verifies the result; "
                        + "rolls back what it did.",
                "With --sample NAME every command runs on a bundled machine description instead of this machine; "
                        + "--sample alone lists them."},
        usageHelpAutoWidth = true)
public final class DisktuneCommand implements Callable<Integer> {
    private final Session session;

    @Spec
    private CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Read and change the machine under DIR (a mounted root or a sysfs/procfs snapshot) instead of /.")
    private String root;

    @Option(names = "--chroot", scope = ScopeType.INHERIT,
            description = "With --root: run programs (initramfs generators) inside DIR with chroot(8), so that they act on that system.")
    private boolean chroot;

    @Option(names = "--sample", paramLabel = "NAME", arity = "0..1", fallbackValue = "", scope = ScopeType.INHERIT,
            description = "Run on a bundled sample machine (in memory); without NAME, list the samples.")
    private String sample;

    @Option(names = "--json", scope = ScopeType.INHERIT, description = "Print the result as JSON (snake_case, with schema_version).")
    private boolean json;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Show stack traces of failures.")
    private boolean debug;

    @Option(names = "--kernel-log", paramLabel = "FILE", scope = ScopeType.INHERIT,
            description = "Read the kernel log from FILE (dmesg, journalctl, kern.log or a serial capture) instead of the live one.")
    private String kernelLog;

    @Option(names = "--config", paramLabel = "FILE", scope = ScopeType.INHERIT,
            description = "Read the desired state from FILE instead of /etc/disktune/disktune.conf (to try a configuration "
                    + "before installing it, or to plan against a --sample machine). FILE is a file of this machine, also with --root "
                    + "or --sample.")
    private String config;

    DisktuneCommand(Session session) {
        this.session = session;
    }

    /** Called by the execution strategy once parsing is done, before any command runs. */
    void publishOptions() {
        session.options(new GlobalOptions(root, sample, json, debug, kernelLog, chroot, config));
    }

    @Override
    public Integer call() {
        if (sample != null && sample.isEmpty()) {
            new SampleListRenderer().render(session.output());
            return ExitCode.OK.code();
        }
        return UsageConvention.shortUsage(spec.commandLine(), session.err());
    }

    /** The exit-code table shown in --help and the man page, from the one ExitCode enum. */
    static Map<String, String> exitCodeHelp() {
        Map<String, String> codes = new LinkedHashMap<>();
        for (ExitCode code : ExitCode.values()) {
            codes.put(Integer.toString(code.code()), code.meaning());
        }
        return codes;
    }
}
