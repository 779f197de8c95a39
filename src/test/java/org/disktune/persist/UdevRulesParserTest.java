package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.disktune.config.ConfigProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class UdevRulesParserTest {
    private static final Path CONFIGS = Path.of("src/test/resources/configs");
    private final UdevRulesParser parser = new UdevRulesParser();

    static Stream<String> realFiles() throws IOException {
        try (Stream<Path> files = Files.walk(CONFIGS.resolve("udev"))) {
            List<String> names = files.filter(Files::isRegularFile).map(p -> CONFIGS.relativize(p).toString()).sorted().toList();
            return Stream.concat(names.stream(), Stream.of("hdparm/debian-hdparm.rules.9.0.rules"));
        }
    }

    private UdevRulesFile real(String name) throws IOException {
        return parser.parse(Files.readString(CONFIGS.resolve(name), StandardCharsets.UTF_8), name);
    }

    @ParameterizedTest
    @MethodSource("realFiles")
    void everyRealRulesFileParsesWithoutErrorAndHasRules(String name) throws IOException {
        UdevRulesFile file = real(name);
        assertEquals(List.of(), file.errors());
        if (!name.contains("MilesBHuff-Dotfiles.69-hdparm")) { // every rule of that file is commented out
            assertTrue(!file.rules().isEmpty(), name);
        }
        for (UdevRule rule : file.rules()) {
            assertTrue(!rule.keys().isEmpty());
        }
    }

    @Test
    void theRealFilesAreAllThere() throws IOException {
        assertEquals(23, realFiles().count());
    }

    @Test
    void cachyOsSplitsAnAssignmentOverAContinuation() throws IOException {
        UdevRulesFile file = real("udev/distro/CachyOS-Settings.60-ioschedulers.rules.split-value");
        assertEquals(6, file.rules().size());
        UdevRule hdd = file.rules().get(0);
        assertEquals(2, hdd.line());
        assertEquals(List.of(UdevKey.of("ACTION", "==", "add|change"), UdevKey.of("KERNEL", "==", "sd[a-z]*"),
                new UdevKey("ATTR", "queue/rotational", "==", "1"), new UdevKey("ATTR", "queue/write_cache", "==", "write back"),
                new UdevKey("ATTR", "queue/scheduler", "=", "bfq")), hdd.keys());
        assertEquals("none", file.rules().get(3).key("ATTR", "queue/scheduler").orElseThrow().value());
        assertEquals(14, file.rules().get(3).line());
    }

    @Test
    void pureStorageKeepsThePaddedModelAndTheShellCommand() throws IOException {
        UdevRulesFile file = real("udev/distro/PureStorage-recommended.99-pure-storage.rules");
        assertEquals(4, file.rules().size());
        UdevRule timeout = file.rules().get(3);
        assertEquals("FlashArray      ", timeout.key("ATTRS", "model").orElseThrow().value());
        UdevKey run = timeout.key("RUN", null).orElseThrow();
        assertEquals("+=", run.operator());
        assertEquals("/bin/sh -c 'echo 60 > /sys/$DEVPATH/device/timeout'", run.value());
        assertTrue(!run.isMatch());
        assertTrue(timeout.key("SUBSYSTEMS", null).orElseThrow().isMatch());
        assertEquals("noop", file.rules().get(0).key("ATTR", "queue/scheduler").orElseThrow().value());
    }

    @Test
    void suseGotoLabelFlowAndCommentedRules() throws IOException {
        UdevRulesFile file = real("udev/distro/openSUSE-udev-extra-rules.60-io-scheduler.rules");
        UdevRule first = file.rules().get(0);
        assertEquals(List.of(UdevKey.of("SUBSYSTEM", "!=", "block"), UdevKey.of("GOTO", "=", "scheduler_end")), first.keys());
        assertTrue(file.rules().stream().anyMatch(r -> r.keys().equals(List.of(UdevKey.of("LABEL", "=", "scheduler_end")))));
        // the commented-out vd*/xvd* rules of lines 27-28 are not rules; the same rules further down are
        assertEquals(List.of(33), file.rules().stream().filter(r -> r.keys().contains(UdevKey.of("KERNEL", "==", "vd[a-z]*")))
                .map(UdevRule::line).toList());
        assertEquals(53, file.rules().get(file.rules().size() - 1).line());
    }

    @Test
    void debianHdparmRulesOfBothEras() throws IOException {
        UdevRule old = real("hdparm/debian-hdparm.rules.9.0.rules").rules().get(0);
        assertEquals(UdevKey.of("RUN", "+=", "/etc/init.d/hdparm hotplug"), old.key("RUN", null).orElseThrow());
        UdevRule now = real("udev/distro/debian12-hdparm.85-hdparm.rules").rules().get(0);
        assertEquals("[sh]d[a-z]", now.key("KERNEL", null).orElseThrow().value());
        assertEquals("/lib/udev/hdparm", now.key("RUN", null).orElseThrow().value());
    }

    @Test
    void continuationBeforeTheAssignmentAndAFileWithoutFinalNewline() throws IOException {
        UdevRulesFile adios = real("udev/user/xarblu-sysbits.61-ioschedulers-adios.rules");
        assertEquals(3, adios.rules().size());
        assertEquals("adios", adios.rules().get(2).key("ATTR", "queue/scheduler").orElseThrow().value());
        UdevRulesFile arco = real("udev/user/arcolinux-system-config.60-ioschedulers.rules");
        assertTrue(!arco.rules().isEmpty());
        UdevRulesFile hdparm = real("udev/distro/CachyOS-Settings.69-hdparm.rules");
        assertEquals("ata", hdparm.rules().get(0).key("ATTRS", "id/bus").orElseThrow().value());
        assertEquals("/usr/bin/hdparm -B 254 -S 0 /dev/%k", hdparm.rules().get(0).key("RUN", null).orElseThrow().value());
    }

    @Test
    void separatorsPrefixesAndEscapedQuotes() {
        UdevRulesFile file = parser.parse("KERNEL==\"sd*\",ATTR{x}=\"1\"  ,,  ENV{A}==e\"a\\\"b\" ENV{B}=r\"c\\\" TAG+=\"t\"\n"
                + "PROGRAM=\"/bin/echo \\\"x\\\"\", RESULT==\"x\"\n", "t.rules");
        assertEquals(List.of(), file.errors());
        assertEquals(List.of(UdevKey.of("KERNEL", "==", "sd*"), new UdevKey("ATTR", "x", "=", "1"), new UdevKey("ENV", "A", "==", "a\\\"b"),
                new UdevKey("ENV", "B", "=", "c\\"), UdevKey.of("TAG", "+=", "t")), file.rules().get(0).keys());
        assertEquals("/bin/echo \\\"x\\\"", file.rules().get(1).keys().get(0).value());
        assertEquals(2, file.rules().get(1).line());
    }

    @Test
    void aCommentInsideAContinuationIsSkippedAndCrlfIsALineEnd() {
        UdevRulesFile file = parser.parse("KERNEL==\"sd*\", \\\r\n# a comment\r\n   ATTR{queue/scheduler}=\"bfq\"\r\n\r\n", "t.rules");
        assertEquals(List.of(), file.errors());
        assertEquals(1, file.rules().size());
        assertEquals(2, file.rules().get(0).keys().size());
    }

    @Test
    void malformedLinesAreErrorsWithFileAndLine() {
        UdevRulesFile file = parser.parse("""
                # fine
                KERNEL=="sd*", ATTR{queue/scheduler}="bfq"
                KERNEL="sd*"
                ATTR{queue/scheduler}=bfq
                BOGUS=="x"
                ATTR=="1"
                KERNEL{x}=="1"
                RUN=="x"
                ENV{A}=="unterminated
                KERNEL=="sd*", ATTR{queue/x
                KERNEL
                KERNEL=="sd*", \\
                """, "f.rules");
        assertEquals(1, file.rules().size());
        assertEquals(List.of(3, 4, 5, 6, 7, 8, 9, 10, 11, 12), file.errors().stream().map(ConfigProblem::line).toList());
        assertEquals("f.rules:3: KERNEL can only be matched (== or !=), not assigned with =; udev ignores this rule",
                file.errors().get(0).toString());
        assertEquals("f.rules:5: unknown key BOGUS; udev ignores this rule", file.errors().get(2).toString());
        assertTrue(file.errors().get(9).message().contains("continuation"));
    }

    @Test
    void renderGivesBackWhatWasParsed() {
        String line = "ACTION==\"add|change\", ATTR{queue/scheduler}=\"mq-deadline\", RUN+=\"/usr/sbin/disktune apply --device %k\"";
        UdevRule rule = parser.parse(line + "\n", "t").rules().get(0);
        assertEquals(line, String.join(", ", rule.keys().stream().map(UdevKey::render).toList()));
    }
}
