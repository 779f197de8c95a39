package org.disktune.cli;

import picocli.CommandLine.Model.CommandSpec;

/**
 * A command whose picocli model is built with the programmatic API instead of read from its annotations
 * ({@link VerifyCommand}); {@link CommandModel} adds its model as it is.
 */
interface SpecifiedCommand {
    /** The command's model, bound to this instance. */
    CommandSpec spec();
}
