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
        Path sections = Path.of(args.length > 1 ? args[1] : "src/main/asciidoc");
        String exitStatus = Files.readString(sections.resolve("_disktune-exit-status.adoc"), StandardCharsets.UTF_8);
        String topSections = Files.readString(sections.resolve("_disktune-sections.adoc"), StandardCharsets.UTF_8);
        File[] pages = outdir.listFiles((dir, name) -> name.endsWith(".adoc"));
        for (File page : pages == null ? new File[0] : pages) {
            Path path = page.toPath();
            String text = Files.readString(path, StandardCharsets.UTF_8).replaceAll("(disktune[a-z-]*)\\(1\\)", "$1(8)");
            Files.writeString(path, manPagesSeven(text, page.getName().equals("disktune.adoc"), exitStatus, topSections), StandardCharsets.UTF_8);
        }
    }

    /**
     * The sections of man-pages(7) in its order: picocli's "Exit codes:" becomes EXIT STATUS (with the help
     * convention); the top page gets ENVIRONMENT, FILES, EXAMPLES and SEE ALSO from src/main/asciidoc/_disktune-*.adoc
     * (Asciidoctor skips files that start with _), every command page an EXIT STATUS and a SEE ALSO naming disktune(8).
     */
    static String manPagesSeven(String text, boolean top, String exitStatus, String topSections) {
        String end = "// end::picocli-generated-full-manpage[]";
        if (!text.contains(end)) {
            throw new IllegalStateException("picocli's page layout changed: no " + end);
        }
        if (top) {
            String heading = "==  Exit codes:\n";
            if (!text.contains(heading)) {
                throw new IllegalStateException("picocli's page layout changed: no '" + heading.strip() + "' heading");
            }
            return text.replace(heading, "== Exit status\n\n" + exitStatus).replace(end, topSections + "\n" + end);
        }
        return text.replace(end, """
                == Exit status

                0 on success; otherwise one of the codes in *disktune*(8), EXIT STATUS. *--help* prints this page's options and exits 0.

                == See also

                *disktune*(8), *disktune.conf*(5)

                """ + end);
    }
}
