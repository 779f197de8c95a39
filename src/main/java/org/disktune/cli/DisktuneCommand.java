package org.disktune.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ScopeType;

/**
 * The top command: global options and the exit-code table in --help. Its subcommands are added by
 * {@link CommandModel} (all of them, or only the one a run names), not listed here. Its model is built with picocli's
 * programmatic API rather than read from annotations: every run builds the root, and reading a class's annotations
 * costs every start the JDK's annotation parser and a generated proxy class per annotation type, which no class-data
 * archive holds (about a third of the CPU time of {@code --version}, which builds the root alone: docs/performance.md).
 * The options and texts are those picocli made of the annotations before, help and man page included.
 */
public final class DisktuneCommand implements Callable<Integer> {
    private final Session session;
    private final CommandSpec spec;

    DisktuneCommand(Session session) {
        this.session = session;
        spec = CommandSpec.wrapWithoutInspection(this).name("disktune").versionProvider(new VersionProvider());
        spec.usageMessage().autoWidth(true)
                .header("Linux disk tuning that is real, persistent and proven.")
                .description("Detects disk controllers, drivers, ATA ports and disks; brings the machine to the desired state of "
                                + "/etc/disktune/disktune.conf (see disktune.conf(5)): sysfs settings live, module options through "
                                + "modprobe.d and a rebuilt, proven initramfs; reads the kernel log after a reboot; verifies the result; "
                                + "rolls back what it did.",
                        "With --sample NAME every command runs on a bundled machine description instead of this machine; "
                                + "--sample alone lists them.");
        spec.addOption(global("--root", String.class).paramLabel("DIR")
                .description("Read and change the machine under DIR (a mounted root or a sysfs/procfs snapshot) instead of /.").build());
        spec.addOption(global("--chroot", boolean.class)
                .description("With --root: run programs (initramfs generators) inside DIR with chroot(8), so that they act on that system.").build());
        spec.addOption(global("--sample", String.class).paramLabel("NAME").arity("0..1").fallbackValue("")
                .description("Run on a bundled sample machine (in memory); without NAME, list the samples.").build());
        spec.addOption(global("--json", boolean.class).description("Print the result as JSON (snake_case, with schema_version).").build());
        spec.addOption(global("--debug", boolean.class).description("Show stack traces of failures.").build());
        spec.addOption(global("--kernel-log", String.class).paramLabel("FILE")
                .description("Read the kernel log from FILE (dmesg, journalctl, kern.log or a serial capture) instead of the live one.").build());
        spec.addOption(global("--config", String.class).paramLabel("FILE")
                .description("Read the desired state from FILE instead of /etc/disktune/disktune.conf (to try a configuration "
                        + "before installing it, or to plan against a --sample machine). FILE is a file of this machine, also with --root "
                        + "or --sample.").build());
        // what mixinStandardHelpOptions adds to the annotated commands, after their own options
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).description("Print version information and exit.").build());
    }

    /** An option every subcommand inherits (picocli copies it into each one, sharing its value). */
    private static OptionSpec.Builder global(String name, Class<?> type) {
        OptionSpec.Builder option = OptionSpec.builder(name).type(type).scopeType(ScopeType.INHERIT);
        return type == boolean.class ? option.initialValue(false) : option;
    }

    /** The root's model, for a {@link picocli.CommandLine}. */
    CommandSpec spec() {
        return spec;
    }

    private String value(String option) {
        return spec.findOption(option).getValue();
    }

    private boolean flag(String option) {
        return Boolean.TRUE.equals(spec.findOption(option).getValue());
    }

    /** Called by the execution strategy once parsing is done, before any command runs. */
    void publishOptions() {
        session.options(new GlobalOptions(value("--root"), value("--sample"), flag("--json"), flag("--debug"), value("--kernel-log"),
                flag("--chroot"), value("--config")));
    }

    @Override
    public Integer call() {
        String sample = value("--sample");
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
