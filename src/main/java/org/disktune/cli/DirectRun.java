package org.disktune.cli;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * The two commands run most often, {@code verify} (every provisioning run, on every host) and {@code detect}, started
 * without picocli's model when their arguments are plain. Building that model (annotation parsing, a proxy class per
 * annotation type, the verification of picocli's Java 5 classes) was over a third of a {@code verify}'s CPU time
 * (README "Speed"). The annotated commands stay the one definition: help, errors, man pages and completion come
 * from picocli, and so does every command line this class does not take whole.
 * <p>
 * Plain means: global options (before or after the command) and the command's own options, each at most once, as
 * {@code --name}, {@code --name VALUE} or {@code --name=VALUE}, with a VALUE that is not empty, does not start with
 * {@code -} or {@code @} (picocli's argument files) and is not a command name. Anything else (help, {@code --version},
 * a short option cluster, {@code --}, an unknown word, {@code --sample} without a name) goes to picocli, which
 * parses, explains or rejects it as always. DirectRunTest parses a large set of command lines both ways and checks
 * that every one this class takes gives the same global options and the same option values; it also checks that
 * the options known here are exactly those of the picocli model, so an option added to either command without
 * being added here fails the build instead of being silently ignored.
 */
final class DirectRun {
    /** Global options without a value. */
    static final Set<String> GLOBAL_FLAGS = Set.of("--json", "--debug", "--chroot");
    /** Global options with one value ({@code --sample} is taken only with its NAME). */
    static final Set<String> GLOBAL_VALUES = Set.of("--root", "--kernel-log", "--config", "--sample");

    /** A plain command line: the command's name and every option with its value (flags map to {@code "true"}). */
    record Parsed(String command, Map<String, String> options) {
        GlobalOptions globals() {
            return new GlobalOptions(options.get("--root"), options.get("--sample"), options.containsKey("--json"),
                    options.containsKey("--debug"), options.get("--kernel-log"), options.containsKey("--chroot"), options.get("--config"));
        }

        boolean flag(String name) {
            return options.containsKey(name);
        }
    }

    /** A command's own options: flags, options with a value, and short names of either. */
    private record Plain(Set<String> flags, Set<String> values, Map<String, String> aliases) {
    }

    /** The commands by name, with their own options (their help and version options go to picocli). */
    private static final Map<String, Plain> COMMANDS = Map.of(
            "detect", new Plain(Set.of("--all"), Set.of(), Map.of()),
            "verify", new Plain(Set.of("--quiet", "--strict", "--bench"), Set.of("--prometheus"), Map.of("-q", "--quiet")));

    private DirectRun() {
    }

    /** The plain command line {@code args} is, or empty when picocli should have it. */
    static Optional<Parsed> parse(String[] args) {
        String command = null;
        Map<String, String> options = new HashMap<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (command == null && COMMANDS.containsKey(arg)) {
                command = arg;
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(0, eq) : arg;
            Plain own = command == null ? null : COMMANDS.get(command);
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
        return command == null ? Optional.empty() : Optional.of(new Parsed(command, Map.copyOf(options)));
    }

    private static boolean plainValue(String value) {
        return !value.isEmpty() && !value.startsWith("-") && !value.startsWith("@") && !CommandModel.COMMANDS.containsKey(value);
    }

    /** The command object picocli would have made and filled for {@code parsed}. */
    static Callable<Integer> command(Parsed parsed, Session session) {
        return switch (parsed.command()) {
            case "detect" -> new DetectCommand(session, parsed.flag("--all"));
            case "verify" -> new VerifyCommand(session, parsed.flag("--quiet"), parsed.flag("--strict"), parsed.flag("--bench"),
                    parsed.options().get("--prometheus"));
            default -> throw new IllegalArgumentException("not a direct command: " + parsed.command());
        };
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
