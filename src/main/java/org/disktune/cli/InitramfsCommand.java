package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** disktune initramfs: open images the way the kernel unpacks them, and prove what is inside. */
@Command(name = "initramfs", mixinStandardHelpOptions = true,
        description = "Read initramfs images (cpio archives, every compression the kernel unpacks), prove files are inside, and rebuild them safely.",
        subcommands = {InitramfsListCommand.class, InitramfsCatCommand.class, InitramfsVerifyCommand.class, InitramfsRebuildCommand.class})
final class InitramfsCommand implements Callable<Integer> {
    private final Session session;

    @Spec
    private CommandSpec spec;

    InitramfsCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(session.err());
        return ExitCode.USAGE.code();
    }
}
