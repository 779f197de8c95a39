package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** disktune modprobe: module options disktune owns, carried into the initramfs and proven there. */
@Command(name = "modprobe", mixinStandardHelpOptions = true,
        description = "Show module options and where they come from; set or remove one in /etc/modprobe.d/disktune.conf, "
                + "put it into the initramfs and prove it is inside.",
        subcommands = {ModprobeShowCommand.class, ModprobeSetCommand.class, ModprobeUnsetCommand.class})
final class ModprobeCommand implements Callable<Integer> {
    private final Session session;

    @Spec
    private CommandSpec spec;

    ModprobeCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(session.err());
        return ExitCode.USAGE.code();
    }
}
