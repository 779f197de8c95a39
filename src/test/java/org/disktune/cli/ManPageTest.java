package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * The man pages in man/ are what the build generates (target/man, made before the tests run): a page per
 * command from the command model, the file-format pages (section 5) from src/main/asciidoc; none stale.
 * Refresh with: cp target/man/*.[58] man/
 */
class ManPageTest {
    private static final Path GENERATED = Path.of("target/man");
    private static final Path COMMITTED = Path.of("man");

    private static List<String> commandPageNames() {
        Session session = new Session(new ByteArrayOutputStream(), new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()), o -> null);
        List<String> names = new ArrayList<>();
        collect(Main.commandLine(session), "disktune", names);
        return names;
    }

    private static void collect(CommandLine cl, String name, List<String> names) {
        names.add(name + ".8");
        cl.getSubcommands().forEach((sub, child) -> {
            if (child.getCommandSpec().name().equals(sub)) {
                collect(child, name + "-" + sub, names);
            }
        });
    }

    private static TreeSet<String> pages(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".8") || n.endsWith(".5")).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void everyCommandHasAGeneratedPageAndTheTopPageListsIt() throws IOException {
        TreeSet<String> generated = pages(GENERATED);
        String top = Files.readString(GENERATED.resolve("disktune.8"));
        for (String page : commandPageNames()) {
            assertTrue(generated.contains(page), "the build generated no " + page);
        }
        Main.commandLine(new Session(new ByteArrayOutputStream(), new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()), o -> null)).getSubcommands().forEach((sub, child) -> {
                    if (!child.getCommandSpec().usageMessage().hidden()) {
                        assertTrue(top.contains("\\fB" + sub.replace("-", "\\-") + "\\fP"), "disktune.8 does not mention " + sub);
                    }
                });
        assertTrue(top.contains("Exit codes") || top.contains("EXIT CODES") || top.contains("EXIT STATUS"), "disktune.8 lists the exit codes");
        for (org.disktune.core.ExitCode code : org.disktune.core.ExitCode.values()) {
            assertTrue(top.contains(code.meaning().replace("-", "\\-")), "disktune.8 misses exit code " + code);
        }
    }

    @Test
    void theConfigurationFileHasASectionFivePageNamingEveryKey() throws IOException {
        String page = Files.readString(GENERATED.resolve("disktune.conf.5"));
        assertTrue(page.contains(".TH \"DISKTUNE.CONF\" \"5\""), "disktune.conf.5 is a section 5 page");
        for (String heading : List.of("NAME", "SYNOPSIS", "DESCRIPTION", "SECTIONS", "MATCH KEYS", "SETTINGS", "SPECIFICITY", "EXAMPLES", "FILES", "SEE ALSO")) {
            assertTrue(page.contains(".SH \"" + heading + "\""), "disktune.conf.5 lacks " + heading);
        }
        for (org.disktune.config.Setting setting : org.disktune.config.Setting.values()) {
            assertTrue(page.contains("\\fB" + setting.key() + "\\fP"), "disktune.conf.5 does not document " + setting.key());
        }
    }

    @Test
    void committedManPagesAreUpToDate() throws IOException {
        TreeSet<String> generated = pages(GENERATED);
        assertEquals(generated, pages(COMMITTED), "man/ has other pages than the build generates; refresh with: rm man/*.[58]; cp target/man/*.[58] man/");
        for (String page : generated) {
            assertEquals(Files.readString(GENERATED.resolve(page)), Files.readString(COMMITTED.resolve(page)),
                    "man/" + page + " is out of date; refresh with: cp target/man/*.[58] man/");
        }
    }
}
