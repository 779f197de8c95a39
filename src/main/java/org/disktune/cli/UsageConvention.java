package org.disktune.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.core.ExitCode;

import picocli.CommandLine;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * disktune's one help convention, the one of git(1) and systemctl(1): a bare command or group
 * ({@code disktune}, {@code disktune modprobe}) prints a short usage on stderr and exits 2 (USAGE);
 * {@code --help} anywhere prints the full help of that command on stdout and exits 0; an unknown
 * command is an error, also with {@code --help}: one line naming it and the nearest command when
 * picocli suggests one (its {@link UnmatchedArgumentException#getSuggestions()}), exit 2.
 * picocli itself would print the root help for {@code disktune frobnicate --help}: it drops
 * unmatched arguments once help is requested, so they are checked here before help runs.
 */
final class UsageConvention {
    private UsageConvention() {
    }

    /**
     * What runs before picocli's RunLast: an unknown command or stray argument (kept by picocli
     * when help is requested) is the usage error; a bare group prints its short usage. Empty when
     * the command line should run as parsed.
     */
    static Optional<Integer> preempt(ParseResult parseResult, PrintWriter err) {
        List<ParseResult> chain = new ArrayList<>();
        for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
            chain.add(pr);
        }
        for (ParseResult pr : chain) {
            if (!pr.unmatched().isEmpty()) {
                return Optional.of(unmatched(new UnmatchedArgumentException(pr.commandSpec().commandLine(), pr.unmatched()), err));
            }
        }
        ParseResult last = chain.get(chain.size() - 1);
        CommandLine command = last.commandSpec().commandLine();
        boolean helpRequested = chain.stream().anyMatch(pr -> pr.isUsageHelpRequested() || pr.isVersionHelpRequested());
        if (!helpRequested && last != parseResult && bare(last) && !command.getSubcommands().isEmpty()) {
            return Optional.of(shortUsage(command, err));
        }
        return Optional.empty();
    }

    /** No subcommand, no parameter, no option of its own (only the global ones every command inherits). */
    private static boolean bare(ParseResult pr) {
        return pr.matchedPositionals().isEmpty()
                && pr.matchedOptions().stream().allMatch(o -> o.scopeType() == ScopeType.INHERIT || o.inherited());
    }

    /** The synopsis and the names of the subcommands on stderr, with where the full help is; exit 2. */
    static int shortUsage(CommandLine command, PrintWriter err) {
        CommandLine.Help help = command.getHelp();
        err.print("Usage: " + help.synopsis(0));
        List<String> names = command.getSubcommands().entrySet().stream()
                .filter(e -> e.getKey().equals(e.getValue().getCommandName()) && !e.getValue().getCommandSpec().usageMessage().hidden())
                .map(java.util.Map.Entry::getKey).toList();
        if (!names.isEmpty()) {
            StringBuilder line = new StringBuilder("Commands:");
            for (String name : names) {
                if (line.length() + name.length() > 76) {
                    err.println(line.append(','));
                    line = new StringBuilder("         ");
                } else if (!line.toString().equals("Commands:")) {
                    line.append(',');
                }
                line.append(' ').append(name);
            }
            err.println(line);
        }
        err.println("Full help: " + command.getCommandSpec().qualifiedName() + " --help");
        err.flush();
        return ExitCode.USAGE.code();
    }

    /**
     * One line: an unknown command named with the nearest one picocli suggests, or the stray
     * argument or option as picocli words it.
     */
    static int unmatched(UnmatchedArgumentException ex, PrintWriter err) {
        CommandLine command = ex.getCommandLine();
        String name = command.getCommandSpec().qualifiedName();
        List<String> args = ex.getUnmatched();
        String first = args.isEmpty() ? "" : args.get(0);
        if (!command.getSubcommands().isEmpty() && !first.startsWith("-") && command.getCommandSpec().positionalParameters().isEmpty()) {
            List<String> suggestions = ex.getSuggestions().stream().filter(command.getSubcommands()::containsKey).toList();
            err.println(name + ": unknown command '" + first + "'"
                    + (suggestions.isEmpty() ? "" : "; did you mean '" + suggestions.get(0) + "'?")
                    + " (commands: " + name + " --help)");
        } else {
            err.println("disktune: " + ex.getMessage() + " (see " + name + " --help)");
        }
        err.flush();
        return ExitCode.USAGE.code();
    }
}
