package org.disktune.cli;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
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
        CommandLine commandLine = commandLine(session);
        commandLine.setOut(out);
        commandLine.setErr(err);
        return commandLine.execute(args);
    }

    /** The command line with every subcommand, for a session (the man page generator uses it too). */
    static CommandLine commandLine(Session session) {
        CommandLine commandLine = new CommandLine(DisktuneCommand.class, new SessionFactory(session));
        commandLine.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(DisktuneCommand.exitCodeHelp());
        // bash completion from the same model: source <(disktune generate-completion)
        commandLine.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        commandLine.setExecutionStrategy(parseResult -> {
            ((DisktuneCommand) parseResult.commandSpec().root().userObject()).publishOptions();
            return new CommandLine.RunLast().execute(parseResult);
        });
        commandLine.setExecutionExceptionHandler((ex, cl, parseResult) -> handle(ex, session));
        commandLine.setParameterExceptionHandler((ex, args) -> {
            session.err().println("disktune: " + ex.getMessage());
            session.err().println("Try 'disktune --help' (or 'disktune COMMAND --help').");
            return ExitCode.USAGE.code();
        });
        return commandLine;
    }

    private static int handle(Exception ex, Session session) {
        boolean debug = session.options().debug();
        if (ex instanceof DisktuneException d) {
            session.err().println("disktune: " + d.getMessage());
            if (debug) {
                d.printStackTrace(session.err());
            }
            return d.exitCode().code();
        }
        session.err().println("disktune: internal error: " + ex + (debug ? "" : " (run with --debug for details and report it)"));
        if (debug) {
            ex.printStackTrace(session.err());
        }
        return ExitCode.ENVIRONMENT.code();
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
