package org.disktune.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.io.StringWriter;
import java.util.function.Function;

import org.disktune.host.Host;

/** Runs the real command line in-process and keeps what it printed. */
record CliRun(int exitCode, String out, String err) {
    static CliRun run(Function<GlobalOptions, Host> hosts, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int code = Main.run(args, out, new PrintWriter(err, true), hosts);
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString());
    }

    /** With the real host factory: the live machine, --root trees and --sample machines. */
    static CliRun run(String... args) {
        return run(Session::defaultHost, args);
    }
}
