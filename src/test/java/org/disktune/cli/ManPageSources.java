package org.disktune.cli;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.host.Host;

import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes the AsciiDoc sources of the man pages from the command model (run by the build before the
 * tests; Asciidoctor turns them into man/*.8). One page per command, with the exit codes.
 */
public final class ManPageSources {
    private ManPageSources() {
    }

    public static void main(String[] args) throws IOException {
        File outdir = new File(args[0]);
        if (!outdir.isDirectory() && !outdir.mkdirs()) {
            throw new IOException("cannot create " + outdir);
        }
        Session session = new Session(new ByteArrayOutputStream(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                (GlobalOptions o) -> (Host) null);
        CommandLine commandLine = Main.commandLine(session);
        String version = "disktune " + System.getProperty("disktune.version", "development build");
        commandLine.getCommandSpec().versionProvider(() -> new String[] {version});
        int code = ManPageGenerator.generateManPage(outdir, null, new boolean[0], true, commandLine.getCommandSpec());
        if (code != 0) {
            throw new IOException("ManPageGenerator exited " + code);
        }
        // picocli writes every page as section 1; disktune administers the system: section 8
        File[] pages = outdir.listFiles((dir, name) -> name.endsWith(".adoc"));
        for (File page : pages == null ? new File[0] : pages) {
            Path path = page.toPath();
            String text = Files.readString(path, StandardCharsets.UTF_8);
            Files.writeString(path, text.replaceAll("(disktune[a-z-]*)\\(1\\)", "$1(8)"), StandardCharsets.UTF_8);
        }
    }
}
