package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The model of one command built alone ({@link CommandModel#soleCommand}) is the model the full root holds: same
 * name, options, positionals, usage text and nested subcommands, for every top-level command; and the arguments
 * choose the full model whenever the list of commands matters or the command is not certain.
 */
class CommandModelTest {
    private static Session session() {
        return new Session(new ByteArrayOutputStream(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), options -> {
            throw new AssertionError("no host is built while the model is compared");
        });
    }

    @Test
    void everyCommandBuiltAloneIsTheCommandOfTheFullModel() {
        CommandLine full = Main.commandLine(session());
        assertEquals(List.copyOf(CommandModel.COMMANDS.keySet()), List.copyOf(full.getSubcommands().keySet()));
        for (String name : CommandModel.COMMANDS.keySet()) {
            CommandLine alone = Main.commandLine(session(), List.of(CommandModel.COMMANDS.get(name)));
            assertEquals(Set.of(name), alone.getSubcommands().keySet(), name);
            assertEquals(describe(full.getSubcommands().get(name)), describe(alone.getSubcommands().get(name)), name);
        }
    }

    @Test
    void theRootOfACommandBuiltAloneHasTheGlobalOptions() {
        CommandLine full = Main.commandLine(session());
        CommandLine alone = Main.commandLine(session(), List.of(VerifyCommand.class));
        assertEquals(options(full.getCommandSpec()), options(alone.getCommandSpec()));
        assertEquals(full.getCommandSpec().usageMessage().exitCodeList(), alone.getCommandSpec().usageMessage().exitCodeList());
    }

    /** Everything a user sees of a command and its subcommands, as text. */
    private static List<String> describe(CommandLine command) {
        List<String> lines = new ArrayList<>();
        CommandSpec spec = command.getCommandSpec();
        lines.add("command " + spec.qualifiedName() + " aliases " + List.of(spec.aliases()));
        lines.addAll(options(spec));
        for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
            lines.add("positional " + p.index() + " " + arg(p));
        }
        lines.add(command.getUsageMessage(CommandLine.Help.Ansi.OFF));
        command.getSubcommands().forEach((name, sub) -> {
            lines.add("subcommand " + name);
            lines.addAll(describe(sub));
        });
        return lines;
    }

    private static List<String> options(CommandSpec spec) {
        return spec.options().stream().map(o -> "option " + List.of(o.names()) + " " + o.scopeType() + " inherited=" + o.inherited() + " " + arg(o)).toList();
    }

    private static String arg(ArgSpec a) {
        return a.paramLabel() + " arity " + a.arity() + " type " + a.type().getName() + " required=" + a.required() + " hidden=" + a.hidden()
                + " default=" + a.defaultValue() + " description=" + List.of(a.description());
    }

    @Test
    void argumentsNamingOneCommandBuildItAlone() {
        assertEquals(Optional.of("verify"), CommandModel.soleCommand(new String[] {"verify"}));
        assertEquals(Optional.of("detect"), CommandModel.soleCommand(new String[] {"--sample", "seed-nforce4-arch", "detect"}));
        assertEquals(Optional.of("detect"), CommandModel.soleCommand(new String[] {"--sample=seed-nforce4-arch", "--json", "detect", "--help"}));
        assertEquals(Optional.of("plan"), CommandModel.soleCommand(new String[] {"--root", "/t", "--chroot", "--debug", "--config=/c", "plan"}));
        assertEquals(Optional.of("kernel-log"), CommandModel.soleCommand(new String[] {"--kernel-log", "k.log", "kernel-log", "verify"}));
        assertEquals(Optional.of("initramfs"), CommandModel.soleCommand(new String[] {"--sample", "--json", "initramfs", "list"}));
    }

    @Test
    void argumentsThatNeedTheListOfCommandsOrAreUncertainBuildTheFullModel() {
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"-h", "verify"}, new String[] {"-V", "verify"},
                new String[] {"--version"}, new String[] {"help", "verify"}, new String[] {"generate-completion"}, new String[] {"verfy"},
                new String[] {"frobnicate", "--help"}, new String[] {"--bogus", "verify"}, new String[] {"--", "verify"},
                new String[] {"--sample"}, new String[] {"--sample", "detect"}, new String[] {"--root"}, new String[] {"--root", "verify", "detect"},
                new String[] {"--config", "--json", "verify"}, new String[] {"--json"}, new String[] {"--sample", "--root", "/t", "detect"})) {
            assertEquals(Optional.empty(), CommandModel.soleCommand(args), List.of(args).toString());
        }
    }

    @Test
    void aVersionRequestAloneBuildsNoSubcommandAndPrintsWhatTheFullModelPrints() {
        assertEquals(List.of(), List.copyOf(CommandModel.needed(new String[] {"--version"})));
        assertEquals(List.of(), List.copyOf(CommandModel.needed(new String[] {"-V"})));
        assertEquals(List.copyOf(CommandModel.COMMANDS.values()), List.copyOf(CommandModel.needed(new String[] {"-V", "verify"})));
        assertEquals(List.of(VerifyCommand.class), List.copyOf(CommandModel.needed(new String[] {"verify"})));
        for (String flag : List.of("--version", "-V")) {
            StringWriter alone = new StringWriter();
            StringWriter full = new StringWriter();
            CommandLine aloneLine = Main.commandLine(session(), List.of());
            aloneLine.setOut(new PrintWriter(alone));
            CommandLine fullLine = Main.commandLine(session());
            fullLine.setOut(new PrintWriter(full));
            assertEquals(fullLine.execute(flag), aloneLine.execute(flag));
            assertEquals(full.toString(), alone.toString());
            assertEquals(true, alone.toString().startsWith("disktune "), alone.toString());
        }
    }
}
