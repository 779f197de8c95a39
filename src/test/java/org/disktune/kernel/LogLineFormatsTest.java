package org.disktune.kernel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.disktune.testing.RegexOracle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each reader of {@link LogLineFormats} against the pattern written out here and against the answers recorded from the
 * hand-written readers these patterns replaced ({@link RegexOracle#recorded}): the same match and groups on 40,000 inputs built from the words of such lines (plus edge characters and mutations), and
 * on every line of the real logs under src/test/resources/kernel and of the formats KernelLogLineNormalizerTest names.
 */
class LogLineFormatsTest {
    private static final int GENERATED = 40_000;
    private static final String MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    private static final String DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
    private static final String PROGRAM = "(\\S+) ([^\\s:\\[]+)(?:\\[\\d{1,10}\\])?: ?(.*)";

    private static final List<String> PROGRAM_WORDS = List.of(" ", "host", "core", " kernel: ", " kernel:", "kernel", "sshd[812]: ",
            "systemd[1]:", "[", "]", "12345678901", ":", ": ", "ata3.00: configured for UDMA/133", "[    4.620129] ", "<6>", "\r", "\n",
            "\u2028", "\t", " host kernel: ", " core kernel: [    4.620129] ata3.00: x", " host sshd[812]: x", " host kernel:x", " h systemd[1]:",
            " host kernel[0]: ", " host kernel [1]: ");
    private static final List<String> STAMP_WORDS = List.of("0", "1", "12", "2026", "9", ":", "-", "T", ",", ".", "620129", "1234567890",
            "Z", "+01:00", "+0100", "-05:30", "+01:0", "+", " ", "  ", "Mon", "Tue", "Sun", "Nov", "Sep", "Dec", "CET", "11:00:00",
            "2026-11-30", "2026-11-30T11:00:00", "Nov 30 11:00:00", "Sep  1 01:58:55", "Mon 2026-11-30 11:00:00 CET",
            "1764500000.620129", "[Mon Nov 30 11:00:00 2026]", "[Tue Dec  1 09:05:03 2026] ", "2026-11-30T11:00:00,620129+01:00 ");

    private static List<String> with(List<String> words, String... more) {
        List<String> all = new ArrayList<>(words);
        all.addAll(List.of(more));
        return all;
    }

    static Stream<Arguments> formats() {
        List<String> words = new ArrayList<>(STAMP_WORDS);
        words.addAll(PROGRAM_WORDS);
        return Stream.of(
                Arguments.of("JOURNAL_BOOT", Pattern.compile("^-- (?:Boot [0-9a-f]{1,64}|Reboot) --\\s*$"),
                        (Function<String, String[]>) s -> LogLineFormats.journalBoot(s) ? new String[0] : null,
                        List.of("-- ", "--", "Boot ", "Boot", "Reboot", " --", "3f2c81e0a5b94c1e9d0f6c1b2a3d4e5f", "3f2c81e0a5b94c1e9d0f6c1b2a3d4e5f"
                                + "3f2c81e0a5b94c1e9d0f6c1b2a3d4e5f", "0", "a", "F", " ", "\r", "\n", "\t", "\u2028", "\u0085",
                                "-- Boot 0", "-- Reboot --", "-- Boot ", "-- Boot 3f2c81e0 --"), 4, 1),
                Arguments.of("JOURNAL_META", Pattern.compile("^-- (?:Logs begin|Logs end|Journal begins|Journal ends|No entries|Subject|Defined-By).*"),
                        (Function<String, String[]>) s -> LogLineFormats.journalMeta(s) ? new String[0] : null,
                        List.of("-- ", "--", "Logs begin", "Logs end", "Logs", " begin", "Journal begins", "Journal ends", "No entries",
                                "Subject", "Defined-By", " at Mon 2026-11-30 10:00:00 CET", " --", "\r", "\n", "\u2028", "\u0085", "-- Logs begin", "-- Subject", "-- No entries --"), 4, 1),
                Arguments.of("LEVEL (find)", Pattern.compile("^<(\\d{1,3})>"), null,
                        List.of("<", ">", "6", "12", "123", "1234", "<6>", "[", " ", "x"), 5, 1),
                Arguments.of("MONOTONIC", Pattern.compile("^\\[\\s{0,12}(\\d{1,10})\\.(\\d{1,9})\\]\\s?(.*)$", Pattern.DOTALL),
                        (Function<String, String[]>) LogLineFormats::monotonic,
                        List.of("[", "]", "    ", " ", "\t", "\u000b", "4", "620129", "1234567890", "12345678901", ".", "] ", "[    4.620129] ",
                                "ata3.00: configured", "\r", "\n", "\u2028", "            ", "[            4.620129] ",
                                "[             4.620129]", "[4.1234567890]", "[12345678901.1]"), 8, 1),
                Arguments.of("HOST_KERNEL", Pattern.compile("^(\\S+) kernel: ?(.*)$", Pattern.DOTALL),
                        (Function<String, String[]>) LogLineFormats::hostKernel, PROGRAM_WORDS, 6, 1),
                Arguments.of("CTIME", Pattern.compile("^\\[(" + DAY + " " + MONTH + " [ \\d]\\d \\d\\d:\\d\\d:\\d\\d \\d{4})\\]\\s?(.*)$", Pattern.DOTALL),
                        (Function<String, String[]>) LogLineFormats::ctime, with(PROGRAM_WORDS, "[Mon Nov 30 11:00:00 2026]",
                                "[Tue Dec  1 09:05:03 2026] ", "[Sun Jan 1 09:05:03 2026]", "[Mon Nov 30 11:00:00 12026]", "[Mon Nov 30 11:00:00 2026",
                                "[Mon Nov 30 ", "11:00:00", " 2026]", "[Sat Xyz 30 11:00:00 2026]", "[Fri Feb 3x 11:00:00 2026]"), 5, 1),
                Arguments.of("ISO_DMESG", Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d,\\d{1,9}(?:Z|[+-]\\d\\d:?\\d\\d)?) (.*)$", Pattern.DOTALL),
                        (Function<String, String[]>) LogLineFormats::isoDmesg,
                        List.of("2026-11-30T11:00:00", "2026-11-30T11:00:00,", ",", "620129", "1234567890", "Z", "+01:00", "+0100", "-05:30",
                                "+01:0", "+", "-", ":", "1", " ", "ata3.00: x", "\r", "\n", "T", "2026-11-30T11:00:00,620129+01:00 ",
                                "2026-11-30T11:00:00,620129 ", "2026-11-30T11:00:00,1 ",
                                "2026-11-30T11:00:00,1234567890 "), 4, 1),
                Arguments.of("SYSLOG", Pattern.compile("^(" + MONTH + " [ \\d]?\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?) " + PROGRAM + "$", Pattern.DOTALL),
                        (Function<String, String[]>) LogLineFormats::syslog, with(PROGRAM_WORDS, "Nov 30 11:00:00", "Sep  1 01:58:55",
                                "Sep 1 01:58:55", "Nov 30 11:00:00.620129", "Nov 30 11:00:00.", "Nov 30 11:00:00.1234567890", "Dec 3", "Jun ", " 11:00:00",
                                "Xyz 30 11:00:00", "Nov 301 11:00:00", "Nov 30 11:0:00"), 5, 1),
                Arguments.of("ISO_SYSLOG", Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})?(?:Z|[+-]\\d\\d:?\\d\\d)?) "
                        + PROGRAM + "$", Pattern.DOTALL), (Function<String, String[]>) LogLineFormats::isoSyslog, with(PROGRAM_WORDS,
                        "2026-11-30T11:00:00", "2026-11-30T11:00:00+0100", "2026-11-30T11:00:00.620129+01:00", "2026-11-30T11:00:00Z", ".620129",
                        "2026-11-30T11:00:00.", "+01:0", "+01:", "-05:30", "Z", "2026-11-30T11:00", "2026-11-30 11:00:00", ".1234567890"), 5, 1),
                Arguments.of("FULL", Pattern.compile("^(" + DAY + " \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d{1,9})? \\S+) " + PROGRAM + "$",
                        Pattern.DOTALL), (Function<String, String[]>) LogLineFormats::full, with(PROGRAM_WORDS,
                        "Mon 2026-11-30 11:00:00 CET", "Mon 2026-11-30 11:00:00", "Sun 2026-11-30 11:00:00.620129 UTC", " CET", " UTC",
                        "Mon 2026-11-30 11:00:00.", "Xyz 2026-11-30 11:00:00 CET", "Mon 2026-11-3 11:00:00 CET", ".1234567890"), 5, 1),
                Arguments.of("UNIX", Pattern.compile("^(\\d{9,11}\\.\\d{1,9}) " + PROGRAM + "$", Pattern.DOTALL),
                        (Function<String, String[]>) LogLineFormats::unix, with(PROGRAM_WORDS, "1764500000.620129", "176450000.6",
                                "17645000001.123456789", "17645000.1", "176450000012.1", "1764500000.", "1764500000.1234567890", "1764500000"), 5, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void sameGroupsAsTheRegex(String name, Pattern regex, Function<String, String[]> parser, List<String> fragments, int maxPieces,
            int realMatches) {
        boolean find = parser == null;
        RegexOracle.sameGroups(regex, find, find ? LogLineFormats::level : parser, RegexOracle.pieces(fragments, maxPieces, GENERATED), 300);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void sameGroupsOnTheRealLogs(String name, Pattern regex, Function<String, String[]> parser, List<String> fragments, int maxPieces,
            int realMatches) {
        boolean find = parser == null;
        RegexOracle.sameGroups(regex, find, find ? LogLineFormats::level : parser, realInputs(), realMatches);
    }

    private static final List<String> FORMAT_LINES = List.of(
            "<6>[    4.620129] ata3.00: x", "[Mon Nov 30 11:00:00 2026] ata3.00: x", "[Tue Dec  1 09:05:03 2026] ata3.00: x",
            "2026-11-30T11:00:00,620129+01:00 ata3.00: x", "Nov 30 11:00:00 host kernel: ata3.00: x",
            "Nov 30 11:00:00.620129 host kernel: ata3.00: x", "2026-11-30T11:00:00+0100 host kernel: ata3.00: x",
            "2026-11-30T11:00:00.620129+01:00 host kernel: ata3.00: x", "Mon 2026-11-30 11:00:00 CET host kernel: ata3.00: x",
            "[    4.620129] host kernel: ata3.00: x", "1764500000.620129 host kernel: ata3.00: x",
            "Nov 30 11:00:00 host kernel: [    4.620129] ata3.00: x", "Sep  1 01:58:55 core kernel: ata3.00: x",
            "Nov 30 11:00:00 host sshd[812]: Accepted publickey for root", "2026-11-30T11:00:00+0100 host systemd[1]: Started foo.",
            "-- Boot 3f2c81e0a5b94c1e9d0f6c1b2a3d4e5f --", "-- Reboot --",
            "-- Logs begin at Mon 2026-11-30 10:00:00 CET, end at Mon 2026-11-30 11:00:00 CET. --");

    private static List<String> real;

    /** Every line of the real logs and of the named formats, whole and after its syslog / kernel: prefix and level. */
    static synchronized List<String> realInputs() {
        if (real != null) {
            return real;
        }
        Set<String> out = new LinkedHashSet<>(FORMAT_LINES);
        try (Stream<Path> files = Files.walk(Paths.get("src/test/resources/kernel"))) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.addAll(Files.readAllLines(f, StandardCharsets.ISO_8859_1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String line : new ArrayList<>(out)) {
            int k = line.indexOf(" kernel: ");
            if (k >= 0) {
                out.add(line.substring(k + 9));
                out.add(line.substring(line.lastIndexOf(' ', k - 1) + 1));
            }
            if (line.startsWith("<") && line.indexOf('>') > 0) {
                out.add(line.substring(line.indexOf('>') + 1));
            }
        }
        real = new ArrayList<>(out);
        return real;
    }
}
