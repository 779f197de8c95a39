package org.disktune.cli;

import picocli.CommandLine.Command;

/** disktune config check|show: the desired-state file. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Check the desired state (/etc/disktune/disktune.conf, or --config FILE) or show what it means on this machine. "
                + "The format is described in disktune.conf(5).",
        subcommands = {ConfigCheckCommand.class, ConfigShowCommand.class})
final class ConfigCommand {
}
