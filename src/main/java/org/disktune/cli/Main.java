package org.disktune.cli;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;
import java.util.function.Function;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.CrashReport;
import org.disktune.host.Host;

import picocli.CommandLine;

/** Entry point: builds the session and the command line, runs it, maps failures to exit codes. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(args, System.out, err, Session::defaultHost);
        System.out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs disktune in-process (tests use this with their own host factory). */
    public static int run(String[] args, OutputStream stdout, PrintWriter err, Function<GlobalOptions, Host> hosts) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        Session session = new Session(stdout, out, err, hosts);
        CommandLine commandLine = commandLine(session, CommandModel.needed(args));
        commandLine.setOut(session.out());
        commandLine.setErr(err);
        try {
            return commandLine.execute(args);
        } catch (RuntimeException | Error e) {
            // outside the command's call (picocli hands only Exceptions from call() to the handler)
            return internalError(e, session, args);
        }
    }

    /** The command line with every subcommand, for a session (the man page generator uses it too). */
    static CommandLine commandLine(Session session) {
        return commandLine(session, CommandModel.COMMANDS.values());
    }

    /** The command line with these subcommands ({@link CommandModel#needed}). */
    static CommandLine commandLine(Session session, Collection<Class<?>> subcommands) {
        CommandLine commandLine = CommandModel.root(session, new SessionFactory(session), subcommands);
        commandLine.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(DisktuneCommand.exitCodeHelp());
        // bash completion from the same model: source <(disktune generate-completion)
        CommandLine completion = commandLine.getSubcommands().get("generate-completion");
        if (completion != null) {
            completion.getCommandSpec().usageMessage().hidden(false);
        }
        Handlers handlers = new Handlers(session);
        commandLine.setExecutionStrategy(handlers);
        commandLine.setExecutionExceptionHandler(handlers);
        commandLine.setParameterExceptionHandler(handlers);
        return commandLine;
    }

    /**
     * The one place failures become exit codes: a DisktuneException is the user's one line and its
     * code; anything else is a bug in disktune, exit 70 (INTERNAL) — never 4, which means the
     * machine is not fit (not root, a program missing).
     */
    private static int handle(Exception ex, Session session, String[] args) {
        if (ex instanceof DisktuneException d) {
            session.err().println("disktune: " + session.inMachineTerms(d.getMessage()));
            if (debug(session)) {
                d.printStackTrace(session.err());
            }
            return d.exitCode().code();
        }
        return internalError(ex, session, args);
    }

    /** "internal error: ..., please report" with the stack trace in a file the line names. */
    static int internalError(Throwable ex, Session session, String[] args) {
        GlobalOptions options = session.options();
        boolean live = options == null || options.root() == null && options.sample() == null;
        Optional<Path> report = CrashReport.forRun(live).write(VersionProvider.text() + " " + String.join(" ", args), ex);
        String what = ex.getClass().getName() + (ex.getMessage() == null ? "" : ": " + session.inMachineTerms(ex.getMessage()));
        session.err().println("disktune: internal error: " + what.replaceAll("[\\p{Cntrl}]+", " ").strip() + ", please report it"
                + report.map(f -> " with the stack trace in " + f).orElse(" (no directory took the stack trace: run with --debug)"));
        if (debug(session)) {
            ex.printStackTrace(session.err());
        }
        session.err().flush();
        return ExitCode.INTERNAL.code();
    }

    private static boolean debug(Session session) {
        return session.options() != null && session.options().debug();
    }

    /**
     * How a parsed command line runs and how its failures are shown. A class, not lambdas: picocli is built as Java 5
     * class files, and a lambda implementing one of its interfaces makes the class-data archive's dump link that
     * interface early, which excludes it, picocli's RunLast and CommandLine itself from the archive (JDK 17,
     * -Xlog:cds: "Skipping ...: Old class has been linked").
     */
    private record Handlers(Session session) implements CommandLine.IExecutionStrategy, CommandLine.IExecutionExceptionHandler,
            CommandLine.IParameterExceptionHandler {
        @Override
        public int execute(CommandLine.ParseResult parseResult) {
            ((DisktuneCommand) parseResult.commandSpec().root().userObject()).publishOptions();
            try {
                session.requireOneMachine();
            } catch (DisktuneException e) {
                return handle(e, session, parseResult.originalArgs().toArray(new String[0]));
            }
            Optional<Integer> preempted = UsageConvention.preempt(parseResult, session.err());
            return preempted.isPresent() ? preempted.get() : new CommandLine.RunLast().execute(parseResult);
        }

        @Override
        public int handleExecutionException(Exception ex, CommandLine commandLine, CommandLine.ParseResult parseResult) {
            return handle(ex, session, parseResult.originalArgs().toArray(new String[0]));
        }

        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] args) {
            if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
                return UsageConvention.unmatched(unmatched, session.err());
            }
            session.err().println("disktune: " + ex.getMessage());
            session.err().println("Try 'disktune --help' (or 'disktune COMMAND --help').");
            return ExitCode.USAGE.code();
        }
    }

    /** Creates commands with the session when they take one; everything else the picocli way. */
    private record SessionFactory(Session session) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            try {
                Constructor<K> constructor = type.getDeclaredConstructor(Session.class);
                return constructor.newInstance(session);
            } catch (NoSuchMethodException e) {
                return CommandLine.defaultFactory().create(type);
            }
        }
    }
}
