package org.disktune.cli;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * The picocli model of one run: the root command with every subcommand, with only the one the arguments name, or
 * with none for a version request alone. picocli builds a command's model by reflecting over its class, its options,
 * mixins, converters and nested subcommands; a run builds the model it needs. A run that names one command gets a
 * root holding that command alone: the command's own model (options, positionals, usage text, nested subcommands) is
 * the same one the full root holds (CommandModelTest checks every command), so its parsing, help and errors are too.
 * Everything that shows or searches the list of commands gets the full model: no command, {@code --help}/{@code -h}
 * before a command, {@code -V} with anything else, an unknown name ("did you mean" needs the others), {@code help},
 * {@code generate-completion}, and any argument before the command that is not one of the global options read here
 * (an unknown option, {@code --}, a value that could also be a command name).
 */
final class CommandModel {
    /** The top-level commands by name, in the order of {@code disktune --help}. */
    static final Map<String, Class<?>> COMMANDS = commands();
    /** Global options of {@link DisktuneCommand} that take a value (arity 1). */
    static final Set<String> WITH_VALUE = Set.of("--root", "--kernel-log", "--config");
    /** Global options of {@link DisktuneCommand} without a value. */
    static final Set<String> FLAGS = Set.of("--chroot", "--json", "--debug");
    /** The global option with an optional value (arity 0..1). */
    static final String SAMPLE = "--sample";
    /** Commands whose work is the list of commands. */
    private static final Set<String> NEED_ALL = Set.of("help", "generate-completion");

    private CommandModel() {
    }

    private static Map<String, Class<?>> commands() {
        Map<String, Class<?>> commands = new LinkedHashMap<>();
        commands.put("detect", DetectCommand.class);
        commands.put("init", InitCommand.class);
        commands.put("config", ConfigCommand.class);
        commands.put("plan", PlanCommand.class);
        commands.put("apply", ApplyCommand.class);
        commands.put("modprobe", ModprobeCommand.class);
        commands.put("initramfs", InitramfsCommand.class);
        commands.put("kernel-log", KernelLogCommand.class);
        commands.put("verify", VerifyCommand.class);
        commands.put("history", HistoryCommand.class);
        commands.put("rollback", RollbackCommand.class);
        commands.put("undo", UndoCommand.class);
        commands.put("bench", BenchCommand.class);
        commands.put("tune", TuneCommand.class);
        commands.put("units", UnitsCommand.class);
        commands.put("help", CommandLine.HelpCommand.class);
        commands.put("generate-completion", AutoComplete.GenerateCompletion.class);
        return Collections.unmodifiableMap(commands);
    }

    /**
     * The command the arguments run when its model can be built alone: the first argument that is not a
     * global option (or its value), if it is a command other than {@code help} and {@code generate-completion};
     * empty when the full model is needed (see the class comment).
     */
    static Optional<String> soleCommand(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (FLAGS.contains(arg) || WITH_VALUE.stream().anyMatch(o -> arg.startsWith(o + "=")) || arg.startsWith(SAMPLE + "=")) {
                continue;
            }
            if (WITH_VALUE.contains(arg) || arg.equals(SAMPLE)) {
                String next = i + 1 < args.length ? args[i + 1] : null;
                if (next == null || COMMANDS.containsKey(next) || next.startsWith("-")) {
                    // a missing value, or one picocli might read as the command or an option: its own parse decides
                    if (next != null && arg.equals(SAMPLE) && FLAGS.contains(next)) {
                        continue; // --sample --json: the usual "list the samples" form, no value
                    }
                    return Optional.empty();
                }
                i++;
                continue;
            }
            return COMMANDS.containsKey(arg) && !NEED_ALL.contains(arg) ? Optional.of(arg) : Optional.empty();
        }
        return Optional.empty();
    }

    /** The subcommands the run of {@code args} needs: none for {@code --version} alone, the one it names, or all. */
    static Collection<Class<?>> needed(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return List.of();
        }
        return soleCommand(args).<Collection<Class<?>>>map(name -> List.of(COMMANDS.get(name))).orElse(COMMANDS.values());
    }

    private static SpecifiedCommand specified(Class<?> command, CommandLine.IFactory factory) {
        try {
            return (SpecifiedCommand) factory.create(command);
        } catch (Exception e) {
            throw new CommandLine.InitializationException("cannot create " + command.getName() + ": " + e, e);
        }
    }

    /** The root command of a session with these subcommands. */
    static CommandLine root(Session session, CommandLine.IFactory factory, Collection<Class<?>> subcommands) {
        CommandLine root = new CommandLine(new DisktuneCommand(session).spec(), factory);
        for (Class<?> command : subcommands) { // a loop, not root::addSubcommand (see Main.Handlers)
            if (SpecifiedCommand.class.isAssignableFrom(command)) {
                root.addSubcommand(specified(command, factory).spec());
            } else {
                root.addSubcommand(command);
            }
        }
        return root;
    }
}
