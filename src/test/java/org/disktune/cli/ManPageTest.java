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

    /** man-pages(7): these sections, in this order, on every command page; the top page has them all. */
    private static final List<String> COMMAND_PAGE_SECTIONS = List.of("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "SEE ALSO");
    private static final List<String> TOP_PAGE_SECTIONS = List.of("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT",
            "FILES", "EXAMPLES", "SEE ALSO");

    @Test
    void everyPageHasTheSectionsOfManPagesSevenInItsOrder() throws IOException {
        for (String page : commandPageNames()) {
            String text = Files.readString(GENERATED.resolve(page));
            List<String> wanted = page.equals("disktune.8") ? TOP_PAGE_SECTIONS : COMMAND_PAGE_SECTIONS;
            List<String> found = text.lines().filter(l -> l.startsWith(".SH ")).map(l -> l.substring(4).replace("\"", "")).toList();
            List<String> ofThose = found.stream().filter(wanted::contains).toList();
            assertEquals(wanted, ofThose, page + " sections " + found);
            assertTrue(!text.contains("EXIT CODES") && !text.contains("Exit codes:"), page + " says EXIT STATUS, not EXIT CODES");
        }
        String top = Files.readString(GENERATED.resolve("disktune.8"));
        for (String named : List.of("JAVA_TOOL_OPTIONS", "/etc/disktune/disktune.conf", "/var/lib/disktune/journal/", "/etc/udev/rules.d/90\\-disktune.rules",
                "disktune.service", "\\fBdisktune.conf\\fP(5)", "\\fBhdparm\\fP(8)", "\\fBudev\\fP(7)", "\\fBmodprobe.d\\fP(5)")) {
            assertTrue(top.contains(named), "disktune.8 names " + named);
        }
    }

    /** man --warnings -l (groff's warnings) is silent on every page, and lexgrog (mandb's parser) finds each NAME line. */
    @Test
    void manAndLexgrogReadEveryPageWithoutWarnings() throws IOException, InterruptedException {
        for (String page : pages(COMMITTED)) {
            Path file = COMMITTED.resolve(page);
            Result man = run(List.of("man", "--warnings", "-l", file.toString()), "man (package man-db)");
            assertEquals(0, man.code(), "man -l " + page + ": " + man.err());
            assertEquals("", man.err(), "man --warnings -l " + page + " warns");
            Result lexgrog = run(List.of("lexgrog", file.toString()), "lexgrog (package man-db)");
            String name = page.substring(0, page.lastIndexOf('.'));
            assertEquals(0, lexgrog.code(), "lexgrog " + page + ": " + lexgrog.out() + lexgrog.err());
            assertTrue(lexgrog.out().startsWith(file + ": \"" + name + " - "), "lexgrog finds the NAME line of " + page + ": " + lexgrog.out());
        }
    }

    private record Result(int code, String out, String err) {
    }

    private static Result run(List<String> command, String tool) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        } catch (IOException e) {
            throw new AssertionError(tool + " is missing: install it (apt-get install man-db): " + e.getMessage(), e);
        }
        p.getOutputStream().close();
        java.util.concurrent.CompletableFuture<byte[]> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        int code = p.waitFor();
        return new Result(code, out, new String(err.join(), java.nio.charset.StandardCharsets.UTF_8));
    }

    /** README and man agree: the exit codes, the help convention and verify's states. */
    @Test
    void readmeAndTheManPageAgree() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String exitCodes = readme.substring(readme.indexOf("## Exit codes"), readme.indexOf("\n## ", readme.indexOf("## Exit codes") + 3));
        String top = Files.readString(GENERATED.resolve("disktune.8"));
        for (org.disktune.core.ExitCode code : org.disktune.core.ExitCode.values()) {
            assertTrue(exitCodes.contains("| " + code.code() + " |"), "README Exit codes lists " + code.code());
        }
        for (String state : List.of("ok", "drift", "pending", "unknown", "absent")) {
            assertTrue(exitCodes.contains("`" + state + "`"), "README Exit codes names verify's state " + state);
            assertTrue(top.contains("\\fI" + state + "\\fP"), "disktune.8 names verify's state " + state);
        }
        for (String convention : List.of("short usage", "--help", "unknown command")) {
            assertTrue(exitCodes.contains(convention), "README Exit codes states the help convention: " + convention);
            assertTrue(top.replace("\\-", "-").contains(convention), "disktune.8 states the help convention: " + convention);
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
