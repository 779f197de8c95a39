package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.disktune.testing.RegexOracle;
import org.junit.jupiter.api.Test;

/**
 * Each reader of {@link AtaLineParsers} against the pattern written out here and against the answers recorded from
 * the hand-written readers these patterns replaced ({@link RegexOracle#recorded}): the same match and the same groups
 * on inputs built from the words of the lines it reads (with edge characters and mutations), and on every line of the
 * bundled logs (the whole line, its message, the rest after the ata prefix, and each tail of those).
 */
class AtaLineParsersTest {
    /**
     * Generated inputs per pattern: runs of {@link RegexOracle#pieces} of up to 8 and up to 3 pieces, and half as many
     * of up to 4 pieces after a start of a matching line (so that the deeper parts of a pattern are reached often).
     */
    private static final int GENERATED = 20_000;

    /** Looks a bit like every word class the parsers test: non-ASCII letters, digits and marks, a supplementary letter and mark. */
    private static final List<String> ODD = List.of("\u00e9", "\u0301", "_", "\u0660", "\ud835\udc00", "\ud834\udd67", "\u0085",
            "\u2028", "\u2029", "\r\n", "\t", "\u000b");

    private static final List<String> REAL = realInputs();

    /** Hand-picked corners (word boundaries next to marks and other scripts, line terminators, greedy splits), added to every run. */
    private static final List<String> CORNERS = List.of("irq 1\u0301", "\u0301irq 1", "\u00e9\u0301irq 1", "a\u0301irq 1",
            " \u0301irq 1", "\ud834\udd67irq 1", "irq 1\ud835\udc00", "irq 1\u0660", "x irq 1234567", "irq 123456",
            "irq 12_", "irq 12-", "1 sectors, multi 1: LBA48\u0301", "1 sectors, multi 1: LBA\u0660",
            "1 sectors, multi 1: LBA48 \n", "1 sectors, multi 1: LBA48\r\n", "1 sectors, multi 1: LBA48 \u0085",
            "1 sectors, multi 1: LBA \t x", "SATA link up\r\n", "SATA link up 1.5 Gbps\u2028", "SATA max X \n",
            "SATA max X\n", "SATA max X\u0085", "ATA-7: a, b, c, max d, e, max f", "ATA-7: a, b\n, max d",
            "ATA-7: a\n, b, max d", "ATA-7: a, b, max d,\n", "ATA-7: a, b, max d,x,\u0085", "ATA-7: a, b, max \ud835\udc00,",
            "ATA-7: a, b, max \ud835,", "ATA-6, max \ud835, 1 sectors: x", "ATA-6, max X, 12345678901234567890 sectors: x",
            "ATA-6, max X, 1234567890123456789 sectors: x", "Model 'a', rev 'b', applying quirks:', rev 'c',"
                    + " applying quirks: d", "Model ', rev ', applying quirks:", "Model '', rev '', applying quirks:",
            "modified ()", "horkage modified (a)\r", "FORCE: \u2029", "ata1.00: \r", "ata1: x\u0085", "ata12345: x", "ata12345.00: x", "ata1234.00: x",
            "ata1.000: x", "NCQ (depth 12345) NCQ (depth 1/2), AA", "NCQ (depth 1/)", "configured for \ud835\udc00 x");

    private static List<String> fragments(String... words) {
        List<String> out = new ArrayList<>(List.of(words));
        out.addAll(ODD);
        return out;
    }

    private static List<String> generated(List<String> fragments, String... starts) {
        List<String> out = new ArrayList<>(RegexOracle.pieces(fragments, 8, GENERATED));
        out.addAll(RegexOracle.pieces(fragments, 3, GENERATED));
        List<String> tails = RegexOracle.pieces(fragments, 4, starts.length == 0 ? 0 : GENERATED / 2);
        for (int i = 1; i < tails.size(); i++) {
            out.add(starts[i % starts.length] + tails.get(i));
        }
        return out;
    }

    /** The parser against the regex on the generated inputs (each answer at least minGenerated times) and the real ones. */
    private static void check(String regex, boolean find, Function<String, String[]> parser, List<String> fragments,
            int minGenerated, int minReal, String... starts) {
        Pattern p = Pattern.compile(regex);
        List<String> inputs = generated(fragments, starts);
        inputs.addAll(CORNERS);
        RegexOracle.sameGroups(p, find, parser, inputs, minGenerated);
        RegexOracle.sameGroups(p, find, parser, REAL, minReal);
    }

    /**
     * Every line of src/test/resources/kernel/** and of the string literals of the tests' sources (where the tests
     * keep the lines of other kernels; src/test/resources/line-parsers/test-source-literals.txt holds them), its message, its rest after "ataP(.DD): ", and each tail of those after a blank.
     */
    private static List<String> realInputs() {
        Pattern ata = Pattern.compile("^ata\\d{1,4}(?:\\.\\d{2})?: (.*)$");
        Set<String> out = new LinkedHashSet<>();
        List<String> lines = new ArrayList<>();
        try (Stream<Path> logs = Files.walk(Path.of(AtaLineParsersTest.class.getResource("/kernel").toURI()))) {
            for (Path file : (Iterable<Path>) logs.filter(Files::isRegularFile).sorted()::iterator) {
                lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
            }
            // the string literals of the tests' sources as they were when the answers were recorded, one a line, escaped
            for (String literal : Files.readAllLines(Path.of("src/test/resources/line-parsers/test-source-literals.txt"), StandardCharsets.UTF_8)) {
                lines.addAll(List.of(unescape(literal).split("\n")));
                lines.add(unescape(literal));
            }
            for (String line : lines) {
                List<String> texts = new ArrayList<>(List.of(line));
                for (String cut : List.of("] ", "kernel: ", ";")) {
                    int at = line.indexOf(cut);
                    if (at >= 0) {
                        texts.add(line.substring(at + cut.length()).strip());
                    }
                }
                for (String text : List.copyOf(texts)) {
                    Matcher m = ata.matcher(text);
                    if (m.matches()) {
                        texts.add(m.group(1));
                        texts.add(m.group(1).strip());
                    }
                }
                for (String text : texts) {
                    out.add(text);
                    for (int i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) {
                        out.add(text.substring(i + 1));
                        out.add(text.substring(i + 1).strip());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        assertTrue(out.size() > 10_000, "real inputs: " + out.size());
        return new ArrayList<>(out);
    }

    /** A Java string literal's text: its escapes \\n \\r \\t \\b \\f \\s \\0 \\uXXXX and of a quote or backslash undone. */
    private static String unescape(String literal) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c != '\\' || i + 1 == literal.length()) {
                out.append(c);
                continue;
            }
            char e = literal.charAt(++i);
            switch (e) {
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 's' -> out.append(' ');
                case '0' -> out.append('\0');
                case 'u' -> {
                    while (literal.charAt(i) == 'u') {
                        i++;
                    }
                    out.append((char) Integer.parseInt(literal.substring(i, i + 4), 16));
                    i += 3;
                }
                default -> out.append(e);
            }
        }
        return out.toString();
    }

    @Test
    void ataDevice() {
        List<String> f = fragments("ata", "1", "12", "12345", ".", "00", "0", "123", ": ", ":", " ", "ata1.00: ",
                "ata1: ", "SATA link up", "x");
        check("^ata(\\d{1,4})\\.(\\d{2}): (.*)$", false, s -> AtaLineParsers.ataDevice(s), f, 1500, 70,
                "ata1.00: ", "ata12.3", "ata1", "ata1234", "ata12345");
        check("^ata(\\d{1,4}): (.*)$", false, s -> AtaLineParsers.ataPort(s), f, 1500, 1, "ata1: ", "ata12345", "ata1");
        // and lines without a line terminator alone (the common case)
        Pattern device = Pattern.compile("^ata(\\d{1,4})\\.(\\d{2}): (.*)$");
        Pattern port = Pattern.compile("^ata(\\d{1,4}): (.*)$");
        List<String> plain = new ArrayList<>();
        for (String s : generated(f)) {
            if (!s.matches("(?s).*[\\n\\r\\u0085\\u2028\\u2029].*")) {
                plain.add(s);
            }
        }
        RegexOracle.sameGroups(device, false, s -> AtaLineParsers.ataDevice(s), plain, 500);
        RegexOracle.sameGroups(port, false, s -> AtaLineParsers.ataPort(s), plain, 500);
    }

    @Test
    void link() {
        check("^SATA link (up|down)(?: ((?:\\d+(?:\\.\\d+)?|<unknown>) ?Gbps|<unknown>))?(?: \\(SStatus (\\w+) SControl (\\w+)\\))?.*",
                false, AtaLineParsers::link,
                fragments("SATA link ", "SATA link up", "SATA link down", "up", "down", " ", "1.5", "3.0", "6", "12", ".",
                        "Gbps", " Gbps", "<unknown>", " (SStatus ", "SStatus ", "SControl ", " SControl ", "113", "0",
                        "300", "aZ_9", ")", "(", "SATA link up 1.5 Gbps (SStatus 113 SControl 300)",
                        "SATA link down (SStatus 0 SControl 300)", "SATA link up <unknown> (SStatus 0 SControl 0)",
                        "SATA link up 3.0Gbps", "x"),
                5000, 10, "SATA link up", "SATA link down", "SATA link up 1.5 Gbps", "SATA link up <unknown>", "SATA link down (SStatus 0 SControl ");
    }

    @Test
    void spaceBeforeGbps() {
        Pattern gbps = Pattern.compile("(\\d)Gbps");
        int changed = 0;
        List<String> inputs = generated(fragments("1", "5", ".", "Gbps", " ", "G", "bps", "<unknown>", "3.0Gbps", "x",
                "12Gbps", "1.5 Gbps"));
        inputs.addAll(REAL);
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            String expected = gbps.matcher(s).replaceAll("$1 Gbps");
            assertEquals(expected, AtaLineParsers.spaceBeforeGbps(s), () -> "'" + s + "'");
            changed += expected.equals(s) ? 0 : 1;
            answers.add(s + "\u0000" + expected);
        }
        assertTrue(changed > 1000, "changed " + changed);
        RegexOracle.recorded("a space before Gbps", inputs, answers);
    }

    @Test
    void port() {
        check("^(SATA|PATA) max (\\S+)(?: (.*))?$", false, AtaLineParsers::port,
                fragments("SATA max ", "PATA max ", "SATA", "PATA", " max ", "max", "UDMA/133", "MWDMA2", " ",
                        "abar m4096@0xfebff000", " port 0xfebff100", " irq 24",
                        "PATA max MWDMA2 cmd 0x1f0 ctl 0x3f6 bmdma 0xc000 irq 14", "x"),
                4000, 10, "SATA max UDMA/133", "PATA max ", "SATA max UDMA/133 abar m4096@0xfebff000");
    }

    @Test
    void irq() {
        check("\\birq (\\d{1,6})\\b", true, AtaLineParsers::irq,
                fragments("irq ", "irq", "14", "1234567", "0x1f0", " ", "cmd ", "port ", "abar m4096@0xfebff000", "girq ",
                        "x", "99", "-", "cmd 0x1f0 ctl 0x3f6 bmdma 0xc000 irq 14"),
                2000, 300, "cmd 0x1f0 irq ", "irq 14", "_irq 1");
    }

    @Test
    void identity() {
        check("^((?:ATA|CFA)(?:-\\d{1,3})?|ATAPI): (.*), ([^,]*), max (\\S+?)(?:,.*)?$", false, AtaLineParsers::identity,
                fragments("ATA-7: ", "ATA", "CFA", "ATAPI", "ATAPI: ", "-", "7", "1234", ": ", "WDC WD7500AAKS-00RBA0", ", ",
                        ",", "30.04G30", "max ", ", max ", "UDMA/100", " ", "x", "QEMU HARDDISK", "2.5+",
                        "ATA-7: QEMU HARDDISK, 2.5+, max UDMA/100", ", max UDMA/133", ", AA", ", CDB intr"),
                1000, 10, "ATA-7: ", "ATAPI: ", "CFA: ", "ATA-7: QEMU HARDDISK", "ATA-7: QEMU HARDDISK, 2.5+, max ");
    }

    @Test
    void oldIdentity() {
        check("^((?:ATA|CFA)(?:-\\d{1,3})?), max (\\S+?), (\\d{1,19}) sectors: (.*)$", false, AtaLineParsers::oldIdentity,
                fragments("ATA-6, max UDMA/100, 156301488 sectors: LBA48", "ATA", "CFA", "-", "6", "1234", ", max ",
                        "UDMA/100", ", ", ",", "156301488", "12345678901234567890", " sectors: ", "LBA48", "LBA",
                        "CHS 1/2/3", "NCQ (depth 31/32)", " ", "x"),
                1500, 1, "ATA-6, max ", "CFA, max UDMA/100", "ATA-6, max UDMA/100, ",
                "ATA-6, max UDMA/100, 156301488 sectors: ");
    }

    @Test
    void oldAtapi() {
        check("^ATAPI(?:-\\d{1,3})?, max (\\S+?)(?:,.*)?$", false, AtaLineParsers::oldAtapi,
                fragments("ATAPI", "ATAPI-5, max UDMA/33", "-", "5", "1234", ", max ", "MWDMA2", ",", ", ", " ", "CDB intr",
                        ", CDB intr", "x"),
                3000, 1, "ATAPI, max ", "ATAPI-5, max UDMA/33");
    }

    private static final List<String> SECTOR_WORDS = fragments("1465149168", "2097152", "12345678901234567890",
            " sectors, multi ", "16", "1", "123456", ": ", "LBA48", "LBA", " ", "NCQ (depth 32)", "48", "x", ", CHS ",
            "1/2/3", "16383/16/63", "/", "1465149168 sectors, multi 16: LBA48 ", "2097152 sectors, multi 16, CHS ");

    @Test
    void sectors() {
        check("^(\\d{1,19}) sectors, multi (\\d{1,5}): (LBA48|LBA)\\b\\s*(.*)$", false, AtaLineParsers::sectors,
                SECTOR_WORDS, 1400, 20, "1465149168 sectors, multi 16: ", "1 sectors, multi 1: LBA48", "2097152 sectors, multi 16: LBA");
    }

    @Test
    void sectorsChs() {
        check("^(\\d{1,19}) sectors, multi (\\d{1,5}), CHS (\\d+/\\d+/\\d+).*$", false, AtaLineParsers::sectorsChs,
                SECTOR_WORDS, 1700, 1, "2097152 sectors, multi 16, CHS ", "1 sectors, multi 1, CHS 1/2/3", "1 sectors, multi 1, CHS 16383/16/");
    }

    @Test
    void oldMulti() {
        check("^ata\\d+: dev \\d+ multi count (\\d{1,5})$", false, AtaLineParsers::oldMulti,
                fragments("ata", "1", "12", ": dev ", "0", " multi count ", "16", "123456", "ata1: dev 0 multi count 16",
                        " ", ":", "x"),
                300, 1, "ata1: dev 0 multi count ", "ata1: dev 0", "ata12: dev 1 multi count 1");
    }

    @Test
    void ncqDepth() {
        check("NCQ \\(depth (\\d{1,4})(?:/(\\d{1,4}))?\\)(, AA)?", true, AtaLineParsers::ncqDepth,
                fragments("NCQ (depth ", "NCQ", " (depth ", "31", "32", "0", "12345", "/", ")", ", AA", ", A", "(not used)",
                        "LBA48 ", " ", "x", "NCQ (depth 31/32)"),
                2000, 200, "LBA48 NCQ (depth ", "NCQ (depth 31", "NCQ (depth 31/32");
    }

    @Test
    void configured() {
        check("^configured for (\\S+)", true, AtaLineParsers::configured,
                fragments("configured for ", "configured", " for ", "UDMA/100", "MWDMA2", " ", "x",
                        "configured for UDMA/133"),
                5000, 10, "configured for ", "configured for UDMA/100");
    }

    @Test
    void force() {
        List<String> f = fragments("FORCE: ", "FORCE:", "FORCE", " ", "horkage modified (noncq)", "x",
                "FORCE: horkage modified (noncq)", "horkage ", "modified (", "modified", " (", "noncq", ",", "nohrst",
                ")", "(");
        check("^FORCE: (.*)$", false, AtaLineParsers::force, f, 4000, 3, "FORCE: ", "FORCE: horkage modified (noncq)");
        check("^(?:horkage )?modified \\((.*)\\)$", false, AtaLineParsers::forceModified, f, 1000, 1, "horkage modified (", "modified (", "modified (noncq,nohrst");
    }

    @Test
    void quirks() {
        check("^Model '(.*)', rev '(.*)', applying quirks:(.*)$", false, AtaLineParsers::quirks,
                fragments("Model '", "Model", "'", "QEMU HARDDISK", "', rev '", "2.5+", "', applying quirks:", " ",
                        "noncq", "nolpm", ", ", ",", "rev ", "applying quirks:", "x",
                        "Model 'QEMU HARDDISK', rev '2.5+', applying quirks: noncq"),
                1500, 1, "Model '", "Model 'QEMU HARDDISK', rev '", "Model 'QEMU HARDDISK', rev '2.5+', applying quirks:");
    }

    @Test
    void features() {
        check("^Features:(.*)$", false, AtaLineParsers::features,
                fragments("Features:", "Features", ":", " ", "Trust", "Dev-Sleep", "NCQ-sndrcv", "x",
                        "Features: Trust Dev-Sleep"),
                4000, 1, "Features:", "Features: Trust");
    }

    @Test
    void words() {
        List<String> inputs = generated(fragments("noncq", ",", " ", ", ", "nohrst", "x", "\u00a0", "\u2003", "\f"));
        inputs.addAll(REAL);
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            assertEquals(nonEmpty(s.split("[,\\s]+")), AtaLineParsers.words(s, true), () -> "'" + s + "' [,\\s]+");
            assertEquals(nonEmpty(s.split("\\s+")), AtaLineParsers.words(s, false), () -> "'" + s + "' \\s+");
            answers.add(s + "\u0000" + AtaLineParsers.words(s, true) + AtaLineParsers.words(s, false));
        }
        RegexOracle.recorded("words between blanks, and between blanks and commas", inputs, answers);
    }

    private static List<String> nonEmpty(String[] split) {
        List<String> out = new ArrayList<>();
        for (String s : split) {
            if (!s.isEmpty()) {
                out.add(s);
            }
        }
        return out;
    }
}
