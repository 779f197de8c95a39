package org.disktune.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigParserTest {
    private static final ConfigParser PARSER = new ConfigParser();

    static byte[] resource(String name) {
        try (InputStream in = ConfigParserTest.class.getResourceAsStream("/config/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ParsedConfig parse(String text) {
        return PARSER.parse(text.getBytes(StandardCharsets.UTF_8), "t.conf");
    }

    private static List<String> errors(ParsedConfig parsed) {
        return parsed.errors().stream().map(ConfigProblem::toString).toList();
    }

    static DesiredState exampleState(String file) {
        return new DesiredState(file,
                List.of(new ModuleSection("sata_nv", 3, List.of(new ModuleParameter("adma", "1", 4)))),
                List.of(new DiskRule("raptors", 7,
                                List.of(new DiskMatch.Model(new Glob("WDC WD1500ADFD*"), 8), new DiskMatch.Rotational(true, 9)),
                                List.of(new SettingValue(Setting.QUEUE_DEPTH, "1", "1", "disk raptors", 10),
                                        new SettingValue(Setting.READ_AHEAD_KB, "1024", "1024", "disk raptors", 11),
                                        new SettingValue(Setting.SCHEDULER, "mq-deadline", "deadline", "disk raptors", 13))),
                        new DiskRule("scratch", 16, List.of(new DiskMatch.Name(new Glob("loop*"), false, 17)),
                                List.of(new SettingValue(Setting.SCHEDULER, "none", "none", "disk scratch", 18),
                                        new SettingValue(Setting.NR_REQUESTS, "64", "64", "disk scratch", 19)))),
                List.of(new MdRule("md0", null, 22, List.of(new SettingValue(Setting.MD_READ_AHEAD_KB, "4096", "4096", "md md0", 23),
                        new SettingValue(Setting.STRIPE_CACHE_SIZE, "8192", "8192", "md md0", 24)))),
                List.of(new MountRule("/home", 27, List.of(new SettingValue(Setting.ATIME, "noatime", "noatime", "mount /home", 28)))),
                List.of());
    }

    @Test
    void theDocumentedExampleParsesIntoRecordsWithTheirLines() {
        ParsedConfig parsed = PARSER.parse(resource("example.conf"), "/etc/disktune/disktune.conf");
        assertEquals(List.of(), errors(parsed));
        assertEquals(exampleState("/etc/disktune/disktune.conf"), parsed.state());
    }

    @Test
    void crlfLineEndsAndAByteOrderMarkChangeNothing() {
        String lf = new String(resource("example.conf"), StandardCharsets.UTF_8);
        byte[] crlf = ("\uFEFF" + lf.replace("\n", "\r\n")).getBytes(StandardCharsets.UTF_8);
        ParsedConfig parsed = PARSER.parse(crlf, "x.conf");
        assertEquals(List.of(), errors(parsed));
        assertEquals(exampleState("x.conf"), parsed.state());
    }

    @Test
    void crlfFileWithProblemsKeepsTheirLines() {
        ParsedConfig parsed = parse("\uFEFF# c\r\n\r\n[disk a]\r\nmatch.rotational = 1\r\nread_ahead_kb = x\r\n[disk a]\r\n");
        assertEquals(List.of("t.conf:5: read_ahead_kb = x is not a whole number; use one from 0 to 1048576 KiB",
                "t.conf:6: duplicate section [disk a] at lines 3 and 6; merge them into one",
                "t.conf:6: [disk a] has no match.* key, so it would match no disk; add one such as match.model = GLOB or match.wwn = WWN"),
                errors(parsed));
    }

    static Stream<Arguments> brokenFiles() {
        return ConfigCases.CASES.stream().map(c -> Arguments.of(c.name(), c.text(), c.errors()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void brokenFilesYieldExactlyTheseProblems(String name, String text, List<String> expected) {
        byte[] bytes = name.equals("invalid utf-8") ? text.getBytes(StandardCharsets.ISO_8859_1) : text.getBytes(StandardCharsets.UTF_8);
        ParsedConfig parsed = PARSER.parse(bytes, "t.conf");
        assertEquals(expected, errors(parsed));
        assertEquals(expected.isEmpty(), parsed.ok());
    }

    @Test
    void twoSixSchedulerNamesKeepTheirWrittenNameAndTheirSuccessorWithoutAWarning() {
        ParsedConfig parsed = parse("[disk a]\nmatch.rotational = 1\nscheduler = noop\n[disk b]\nmatch.rotational = 0\nscheduler = cfq\n"
                + "[disk c]\nmatch.transport = nvme\nscheduler = deadline\n[disk d]\nmatch.transport = ide\nscheduler = anticipatory\n");
        assertTrue(parsed.ok());
        assertEquals(List.of("none/noop", "bfq/cfq", "mq-deadline/deadline", "anticipatory/anticipatory"), parsed.state().disks().stream()
                .map(d -> d.settings().get(0).value() + "/" + d.settings().get(0).written()).toList());
        // the planner, which sees the kernel, writes the 2.6 name where it is offered and says so where it is not
        assertEquals(List.of(), parsed.state().warnings());
    }

    @Test
    void valuesAreStoredInCanonicalForm() {
        ParsedConfig parsed = parse("[module sata-nv]\nadma = Y\n\n[disk ssd]\nmatch.wwn = 0x50014EE0AE3C8E2F\nmatch.name = sd[a-c]\n"
                + "match.name.force = yes\nread_ahead_kb = 0128\nwrite_cache = yes\ndma = 0\n"
                + "[md data]\nmatch.uuid = 3B1A5C2E:8F0D4A71:C2E95B60:1D7F3A48\n[mount /]\nlazytime = 1\natime = relatime\n");
        assertEquals(List.of(), errors(parsed));
        DesiredState s = parsed.state();
        assertEquals(new ModuleSection("sata_nv", 1, List.of(new ModuleParameter("adma", "1", 2))), s.modules().get(0));
        DiskRule ssd = s.disks().get(0);
        assertEquals(List.of(new DiskMatch.Wwn("0x50014EE0AE3C8E2F", 5), new DiskMatch.Name(new Glob("sd[a-c]"), true, 6)), ssd.matches());
        assertEquals(Specificity.IDENTITY, ssd.specificity());
        assertEquals(List.of("read_ahead_kb=128", "write_cache=on", "dma=off"),
                ssd.settings().stream().map(v -> v.setting().key() + "=" + v.value()).toList());
        assertEquals(new MdRule("data", "3b1a5c2e8f0d4a71c2e95b601d7f3a48", 11, List.of()), s.arrays().get(0));
        assertEquals(List.of("yes", "relatime"), s.mounts().get(0).settings().stream().map(SettingValue::value).toList());
    }

    @Test
    void anEmptyFileAndOneOfOnlyCommentsGiveAnEmptyState() {
        assertTrue(parse("").ok());
        assertTrue(parse("").state().isEmpty());
        ParsedConfig comments = parse("# nothing yet\n; really\n\n   \n");
        assertTrue(comments.ok());
        assertTrue(comments.state().isEmpty());
    }

    @Test
    void everyProblemIsCollectedNotOnlyTheFirst() {
        ParsedConfig parsed = parse("adma = 1\n[disk a\n[disc b]\n[disk c]\nmatch.rotational = 3\nread_ahed_kb = 1\n[mount x]\n");
        assertEquals(6, parsed.errors().size(), errors(parsed).toString());
        assertEquals(List.of(1, 2, 3, 5, 6, 7), parsed.errors().stream().map(ConfigProblem::line).toList());
    }
}
