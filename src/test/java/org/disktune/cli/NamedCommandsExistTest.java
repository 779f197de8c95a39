package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * Issue 15: every {@code disktune ...} command named in text disktune shows or writes (messages, help, and the
 * drop-ins, rules and units it generates: all string literals and text blocks of src/main/java) exists. Each
 * "disktune WORD ..." in a literal is either a command, whose chain of subcommand words (alternatives written
 * a/b each) parses with --help through the picocli model of {@link Main#commandLine}, or one of the few words
 * that make it prose ("disktune wrote it"), listed here so that a new one is looked at.
 */
class NamedCommandsExistTest {
    private static final Set<String> PROSE = Set.of("and", "applied", "for", "without", "applies", "can", "cannot", "changed", "does", "has", "is", "knows", "may",
            "owns", "reads", "runs", "should", "since", "that", "there", "was", "would", "writes", "wrote", "needs", "shows", "itself",
            "made", "sets", "stays", "reports", "rewrites", "from", "like", "on", "starts", "tunes", "detects", "rebuilds", "remounts",
            "unit", "process", "launcher", "package", "as", "settings", "setting", "option", "key", "beside", "ships", "have", "changes");
    private static final Pattern LITERAL = Pattern.compile("\"\"\"(.*?)\"\"\"|\"((?:[^\"\\\\\\n]|\\\\.)*)\"", Pattern.DOTALL);
    private static final Pattern NAMED = Pattern.compile("\\bdisktune((?: [a-z][a-z-]*(?:/[a-z][a-z-]*)*)+)");

    @Test
    void everyCommandNamedInMessagesAndGeneratedFilesParses() throws IOException {
        CommandLine model = Main.commandLine(new Session(new ByteArrayOutputStream(), new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()), options -> {
                    throw new AssertionError("not run");
                }));
        Map<String, List<String>> failures = new TreeMap<>();
        Set<String> checked = new TreeSet<>();
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher literal = LITERAL.matcher(Files.readString(source, StandardCharsets.UTF_8));
                while (literal.find()) {
                    String text = literal.group(1) != null ? literal.group(1) : literal.group(2);
                    Matcher named = NAMED.matcher(text.replaceAll("\\s+", " "));
                    while (named.find()) {
                        String problem = problem(model, named.group(1).trim().split(" "));
                        String where = source.getFileName() + ": disktune" + named.group(1);
                        if (problem != null) {
                            failures.computeIfAbsent(problem, k -> new ArrayList<>()).add(where);
                        } else {
                            checked.add(where);
                        }
                    }
                }
            }
        }
        assertEquals(Map.of(), failures);
        assertTrue(checked.stream().anyMatch(w -> w.startsWith("DropInRenderer.java: disktune modprobe set")), checked.toString());
        assertTrue(checked.size() > 50, "the scan finds the commands named: " + checked);
    }

    /** Null when {@code words} start with a command whose subcommand chain parses, or with a prose word. */
    private static String problem(CommandLine model, String[] words) {
        if (PROSE.contains(words[0])) {
            return null;
        }
        List<List<String>> chains = new ArrayList<>(List.of(new ArrayList<>()));
        CommandLine current = model;
        for (String word : words) {
            String[] alternatives = word.split("/");
            if (!current.getSubcommands().containsKey(alternatives[0])) {
                if (current == model) {
                    return "no command '" + word + "' (a new prose word? add it to PROSE)";
                }
                if (alternatives.length > 1) {
                    return "no subcommand '" + word + "' of " + current.getCommandName();
                }
                break;
            }
            List<List<String>> next = new ArrayList<>();
            for (String alternative : alternatives) {
                if (!current.getSubcommands().containsKey(alternative)) {
                    return "no subcommand '" + alternative + "' of " + current.getCommandName();
                }
                for (List<String> chain : chains) {
                    List<String> longer = new ArrayList<>(chain);
                    longer.add(alternative);
                    next.add(longer);
                }
            }
            chains = next;
            current = current.getSubcommands().get(alternatives[0]);
        }
        for (List<String> chain : chains) {
            List<String> args = new ArrayList<>(chain);
            args.add("--help");
            try {
                model.parseArgs(args.toArray(new String[0]));
            } catch (CommandLine.ParameterException e) {
                return String.join(" ", chain) + ": " + e.getMessage();
            }
        }
        return null;
    }
}
