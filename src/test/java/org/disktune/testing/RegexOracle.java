package org.disktune.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks a hand-written matcher against the regex it replaced: the two must agree on every input, and the inputs must
 * reach both answers often enough for the comparison to mean something. The inputs are generated: the empty string
 * and strings mostly of the characters a pattern names, now and then one of {@link #EDGES} (their ASCII neighbours,
 * blanks and line ends, and look-alikes outside ASCII: Arabic and full-width digits, the Kelvin sign, dotted I, both halves of a surrogate pair).
 */
public final class RegexOracle {
    /** Characters at the edges of the usual character classes. */
    public static final String EDGES = "/:@[`{ \t\n\r\u000b\f\u0000\u007f~#=,.'\"\\\u00e9\u0660\uff10\u212a\u0130\u017f\u00a0\u2003\ud83d\ude00";

    private RegexOracle() {
    }

    /** Asserts {@code matcher} answers as {@code regex.matcher(s).matches()} on each input, and each answer came over 1000 times. */
    public static void sameAnswers(Pattern regex, Predicate<String> matcher, List<String> inputs) {
        int matched = 0;
        for (String s : inputs) {
            boolean expected = regex.matcher(s).matches();
            assertEquals(expected, matcher.test(s), () -> "'" + s + "' against " + regex);
            matched += expected ? 1 : 0;
        }
        assertTrue(matched > 1000 && inputs.size() - matched > 1000, "too few of one answer: " + matched + " of " + inputs.size());
    }

    /** {@link #sameAnswers} on {@code count} strings of up to {@code maxLength} characters from {@code named}. */
    public static void sameAnswers(String regex, Predicate<String> matcher, String named, int maxLength, int count) {
        sameAnswers(Pattern.compile(regex), matcher, generated(named, maxLength, count));
    }

    /**
     * The empty string and {@code count} strings of up to {@code maxLength} characters, each one from {@code named}
     * eleven times in twelve and from {@link #EDGES} otherwise; the same list for the same arguments.
     */
    public static List<String> generated(String named, int maxLength, int count) {
        Random random = new Random(named.hashCode() * 31L + maxLength);
        List<String> out = new ArrayList<>();
        out.add("");
        for (int i = 0; i < count; i++) {
            int length = random.nextInt(maxLength + 1);
            StringBuilder s = new StringBuilder();
            for (int j = 0; j < length; j++) {
                String from = random.nextInt(12) == 0 ? EDGES : named;
                s.append(from.charAt(random.nextInt(from.length())));
            }
            out.add(s.toString());
        }
        return out;
    }

    /**
     * Asserts {@code parser} reads each input as {@code regex} does: null where the regex does not match
     * ({@code matches()}, or {@code find()} when {@code find}), else the regex's groups 1..n of its first match (a group
     * that took no part is null), unless the regex holds {@code \\b}; and each answer came at least {@code minEach}
     * times. Then {@link #recorded}: the answers on these inputs are those recorded for this pattern.
     */
    public static void sameGroups(Pattern regex, boolean find, Function<String, String[]> parser, List<String> inputs, int minEach) {
        int matched = 0;
        List<String> answers = new ArrayList<>();
        // \b means one thing up to JDK 18 and another from JDK 19: a pattern with it is held to the recorded answers only
        boolean live = !regex.pattern().contains("\\b");
        for (String s : inputs) {
            Matcher m = regex.matcher(s);
            String[] expected = null;
            if (find ? m.find() : m.matches()) {
                expected = new String[m.groupCount()];
                for (int g = 1; g <= m.groupCount(); g++) {
                    expected[g - 1] = m.group(g);
                }
            }
            String[] actual = parser.apply(s);
            matched += actual != null ? 1 : 0;
            if (live) {
                assertArrayEquals(expected, actual, () -> "'" + s + "' against " + regex);
            }
            answers.add(s + "\u0000" + (actual == null ? "no match" : Arrays.toString(actual)));
        }
        int hits = matched;
        assertTrue(matched >= minEach && inputs.size() - matched >= minEach,
                () -> "too few of one answer: " + hits + " matched of " + inputs.size());
        recorded(regex.pattern() + (find ? " (find)" : "") + " flags " + regex.flags(), inputs, answers);
    }

    /** Where {@link #recorded} keeps its answers, and the property that rewrites them. */
    private static final Path RECORDED = Path.of("src/test/resources/line-parsers/recorded-answers.tsv");
    private static final String REWRITE = "disktune.recordedAnswers.rewrite";

    /**
     * Asserts the answers on {@code inputs} are the ones recorded for {@code what} and these very inputs (SHA-256 over
     * the sorted lines "input NUL answer", in src/test/resources/line-parsers/recorded-answers.tsv). They were
     * recorded from the hand-written matchers that the kernel-log regexes replaced, each checked against java.util.regex
     * of JDK 17, so a change of any answer (a JDK whose regex reads a pattern differently, an edited pattern) fails here
     * whatever JDK runs it. Rewritten only on purpose, with {@code -Ddisktune.recordedAnswers.rewrite=true}.
     */
    public static synchronized void recorded(String what, List<String> inputs, List<String> answers) {
        String key = sha256(what + "\n" + inputs.stream().sorted().collect(Collectors.joining("\n")));
        String digest = sha256(answers.stream().sorted().collect(Collectors.joining("\n")));
        try {
            Map<String, String> lines = new TreeMap<>();
            if (Files.exists(RECORDED)) {
                for (String line : Files.readAllLines(RECORDED, StandardCharsets.UTF_8)) {
                    String[] f = line.split("\t", 2);
                    lines.put(f[0], f[1]);
                }
            }
            String row = digest + "\t" + inputs.size() + " inputs\t" + what.replaceAll("[\t\n]", " ");
            if (Boolean.getBoolean(REWRITE)) {
                lines.put(key, row);
                Files.createDirectories(RECORDED.getParent());
                Files.write(RECORDED, lines.entrySet().stream().map(e -> e.getKey() + "\t" + e.getValue()).toList(), StandardCharsets.UTF_8);
                return;
            }
            String was = lines.get(key);
            assertTrue(was != null, () -> "no answers recorded for " + what + " on these " + inputs.size() + " inputs: record them on purpose"
                    + " with -D" + REWRITE + "=true");
            assertEquals(was.split("\t", 2)[0], digest, () -> "answers changed for " + what + " on " + inputs.size() + " inputs");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code count} strings each of up to {@code maxPieces} pieces: a piece is one of {@code fragments} (the words and
     * separators of the lines a pattern reads) seven times in eight, else a character of {@link #EDGES}; one string in
     * four then has one character dropped, doubled or replaced by an edge. The same list for the same arguments.
     */
    public static List<String> pieces(List<String> fragments, int maxPieces, int count) {
        Random random = new Random(fragments.hashCode() * 31L + maxPieces);
        List<String> out = new ArrayList<>();
        out.add("");
        for (int i = 0; i < count; i++) {
            int n = 1 + random.nextInt(maxPieces);
            StringBuilder s = new StringBuilder();
            for (int j = 0; j < n; j++) {
                if (random.nextInt(8) == 0) {
                    s.append(EDGES.charAt(random.nextInt(EDGES.length())));
                } else {
                    s.append(fragments.get(random.nextInt(fragments.size())));
                }
            }
            if (s.length() > 0 && random.nextInt(4) == 0) {
                int at = random.nextInt(s.length());
                switch (random.nextInt(3)) {
                    case 0 -> s.deleteCharAt(at);
                    case 1 -> s.insert(at, s.charAt(at));
                    default -> s.setCharAt(at, EDGES.charAt(random.nextInt(EDGES.length())));
                }
            }
            out.add(s.toString());
        }
        return out;
    }
}
