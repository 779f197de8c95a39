package org.disktune.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * The commands run most often, {@code verify} (every provisioning run, on every host), {@code detect} and
 * {@code initramfs list IMAGE}, started without picocli's model when their arguments are plain. Building that model
 * (annotation parsing, a proxy class per annotation type, the verification of picocli's Java 5 classes) was over a
 * third of a {@code verify}'s CPU time (README "Speed"). The annotated commands stay the one definition: help,
 * errors, man pages and completion come from picocli, and so does every command line this class does not take whole.
 * <p>
 * Plain means: the command's words in order; global options (anywhere) and the command's own options (after its
 * words), each at most once, as {@code --name}, {@code --name VALUE} or {@code --name=VALUE}; exactly the positional
 * parameters the command takes; every VALUE and positional not empty, not starting with {@code -} or {@code @}
 * (picocli's argument files) and not a command word. Anything else (help, {@code --version}, a short option
 * cluster, {@code --}, an unknown word, {@code --sample} without a name, a missing IMAGE) goes to picocli, which
 * parses, explains or rejects it as always. DirectRunTest parses a large set of command lines both ways and checks
 * that every one this class takes gives the same global options and the same option and parameter values; it also
 * checks that the options and parameters known here are exactly those of the picocli model, so an option added to
 * one of these commands without being added here fails the build instead of being silently ignored.
 */
final class DirectRun {
    /** Global options without a value (CommandModel's list). */
    static final Set<String> GLOBAL_FLAGS = CommandModel.FLAGS;
    /** Global options with one value: CommandModel's, and {@code --sample}, which is taken here only with its NAME. */
    static final Set<String> GLOBAL_VALUES = withSample(CommandModel.WITH_VALUE);

    /**
     * A plain command line: the command's path ("verify", "initramfs list"), every option with its value (flags map to
     * {@code "true"}) and the positional parameters in order.
     */
    record Parsed(String command, Map<String, String> options, List<String> positionals) {
        GlobalOptions globals() {
            return new GlobalOptions(options.get("--root"), options.get("--sample"), options.containsKey("--json"),
                    options.containsKey("--debug"), options.get("--kernel-log"), options.containsKey("--chroot"), options.get("--config"));
        }

        boolean flag(String name) {
            return options.containsKey(name);
        }
    }

    /** A command's own options (flags, options with a value, short names of either) and how many positionals it takes. */
    private record Plain(Set<String> flags, Set<String> values, Map<String, String> aliases, int positionals) {
    }

    /** The commands by path, with their own options (their help and version options go to picocli). */
    private static final Map<String, Plain> COMMANDS = Map.of(
            "detect", new Plain(Set.of("--all"), Set.of(), Map.of(), 0),
            "verify", new Plain(Set.of("--quiet", "--strict", "--bench"), Set.of("--prometheus"), Map.of("-q", "--quiet"), 0),
            "initramfs list", new Plain(Set.of(), Set.of(), Map.of(), 1));
    /** Words that are never taken as a value or a positional: every command and subcommand name of the paths above. */
    private static final Set<String> WORDS = Set.of("initramfs", "list", "cat", "rebuild");

    private DirectRun() {
    }

    private static Set<String> withSample(Set<String> options) {
        Set<String> all = new HashSet<>(options);
        all.add(CommandModel.SAMPLE);
        return Set.copyOf(all);
    }

    /** The plain command line {@code args} is, or empty when picocli should have it. */
    static Optional<Parsed> parse(String[] args) {
        String path = null; // the command words so far, joined with a space
        Plain own = null; // the command's own options once its path is complete
        Map<String, String> options = new HashMap<>();
        List<String> positionals = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("-")) {
                if (own != null) {
                    if (positionals.size() == own.positionals() || !plainValue(arg)) {
                        return Optional.empty();
                    }
                    positionals.add(arg);
                    continue;
                }
                String longer = path == null ? arg : path + " " + arg;
                if (!commandOrPrefix(longer)) {
                    return Optional.empty();
                }
                path = longer;
                own = COMMANDS.get(path);
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(0, eq) : arg;
            if (own != null) {
                name = own.aliases().getOrDefault(name, name);
            }
            boolean flag = GLOBAL_FLAGS.contains(name) || own != null && own.flags().contains(name);
            boolean valued = GLOBAL_VALUES.contains(name) || own != null && own.values().contains(name);
            if (!flag && !valued || !seen.add(name) || flag && eq > 0) {
                return Optional.empty();
            }
            if (flag) {
                options.put(name, "true");
                continue;
            }
            String value;
            if (eq > 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return Optional.empty();
            }
            if (!plainValue(value)) {
                return Optional.empty();
            }
            options.put(name, value);
        }
        if (own == null || positionals.size() != own.positionals()) {
            return Optional.empty();
        }
        return Optional.of(new Parsed(path, Map.copyOf(options), List.copyOf(positionals)));
    }

    /** A command's path, or the first words of one; a loop, not a stream: no lambda is linked on the way (Main.DefaultHosts). */
    private static boolean commandOrPrefix(String words) {
        for (String command : COMMANDS.keySet()) {
            if (command.equals(words) || command.startsWith(words + " ")) {
                return true;
            }
        }
        return false;
    }

    private static boolean plainValue(String value) {
        return !value.isEmpty() && !value.startsWith("-") && !value.startsWith("@") && !CommandModel.COMMANDS.containsKey(value)
                && !WORDS.contains(value);
    }

    /** The command object picocli would have made and filled for {@code parsed}. */
    static Callable<Integer> command(Parsed parsed, Session session) {
        return switch (parsed.command()) {
            case "detect" -> new DetectCommand(session, parsed.flag("--all"));
            case "verify" -> new VerifyCommand(session, parsed.flag("--quiet"), parsed.flag("--strict"), parsed.flag("--bench"),
                    parsed.options().get("--prometheus"));
            case "initramfs list" -> new InitramfsListCommand(session, parsed.positionals().get(0));
            default -> throw new IllegalArgumentException("not a direct command: " + parsed.command());
        };
    }

    /** The commands' paths, for DirectRunTest. */
    static Set<String> commands() {
        return COMMANDS.keySet();
    }

    /** How many positional parameters {@code command} takes, for DirectRunTest. */
    static int positionals(String command) {
        return COMMANDS.get(command).positionals();
    }

    /** Every option name this class takes for {@code command} (the aliases too), for DirectRunTest. */
    static List<String> optionNames(String command) {
        Plain plain = COMMANDS.get(command);
        Set<String> names = new HashSet<>(plain.flags());
        names.addAll(plain.values());
        names.addAll(plain.aliases().keySet());
        return List.copyOf(names);
    }
}
