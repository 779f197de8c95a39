package org.disktune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README stays where a newcomer looks (at most 25 KB, the rest in docs/), its quick start's test line is what CI
 * runs, and every link and script the docs name exists in the repository.
 */
class DocsTest {
    private static final Path README = Path.of("README.md");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");
    private static final Pattern SCRIPT = Pattern.compile("src/test/(?:scripts|e2e)/[\\w./-]+\\.sh");

    @Test
    void theReadmeIsAtMost25Kb() throws IOException {
        long size = Files.size(README);
        assertTrue(size <= 25 * 1024, "README.md is " + size + " bytes; move details to docs/");
    }

    @Test
    void ciRunsExactlyTheQuickStartsTestLine() throws IOException {
        String testLine = Files.readAllLines(README).stream().filter(l -> l.startsWith("src/test/scripts/install-tools.sh test"))
                .findFirst().orElseThrow(() -> new AssertionError("README.md has no quick-start test line"));
        List<String> ci = Files.readAllLines(Path.of(".ci/run"));
        assertEquals(testLine.replaceFirst("\\s+#.*$", ""), ci.get(ci.size() - 1), ".ci/run's command and README's test line");
    }

    @Test
    void everyRelativeLinkAndScriptTheDocsNameExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path doc : docs()) {
            String text = Files.readString(doc);
            Matcher link = LINK.matcher(text);
            while (link.find()) {
                String target = link.group(1);
                if (!target.contains("://") && !Files.exists(doc.resolveSibling(target).normalize())) {
                    missing.add(doc + ": " + target);
                }
            }
            Matcher script = SCRIPT.matcher(text);
            while (script.find()) {
                if (!Files.isExecutable(Path.of(script.group()))) {
                    missing.add(doc + ": " + script.group());
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(README, Path.of("CHANGELOG.md")));
        try (Stream<Path> files = Files.list(Path.of("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }
}
