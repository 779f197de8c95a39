package org.disktune.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each reader of {@link ScsiIdeLineParsers} against the pattern written out here and against the answers recorded from
 * the hand-written readers these patterns replaced ({@link RegexOracle#recorded}): the same match and the same groups
 * on 40,000 inputs built from the words of the lines it reads (plus edge characters and mutations), and
 * on every line of the real logs under src/test/resources/kernel.
 */
class ScsiIdeLineParsersTest {
    private static final int GENERATED = 40_000;

    static Stream<Arguments> patterns() {
        return Stream.of(
                Arguments.of("IDE", "^(hd[a-z]{1,2}): (.*)$", false, (Function<String, String[]>) ScsiIdeLineParsers::ide,
                        List.of("hd", "a", "b", "z", "hde", "hdaa", ":", " ", ": ", "IC35L120AVV207-0, ATA DISK drive", "x",
                                "hde: ", "\u2028", "\r", "\u0085"), 6, 5),
                Arguments.of("IDE_MODEL", "^(.*), ((?:ATA|ATAPI) .*)$", false, (Function<String, String[]>) ScsiIdeLineParsers::ideModel,
                        List.of("IC35L120AVV207-0", ", ", ",", "ATA", "ATAPI", "PI", " ", "DISK drive", "CD-ROM drive", "A", ", ATA ",
                                ", ATAPI ", "\r", "\u2029", "\u0085", "MAXTOR 6L080J4"), 8, 3),
                Arguments.of("IDE_REQUEST", "^max request size: (\\d{1,7}) ?KiB", true,
                        (Function<String, String[]>) ScsiIdeLineParsers::ideRequest,
                        List.of("max request size: ", "max request size:", "128", "1", "12345678", "0", " ", "KiB", "Ki", "B",
                                "max request size: 128KiB", "max request size: 512 KiB"), 6, 1),
                Arguments.of("IDE_SECTORS", "^(\\d{1,19}) sectors \\((\\d{1,12}) MB\\)(?: w/(\\d{1,7}) ?KiB Cache)?(?:, CHS=(\\d+/\\d+/\\d+))?"
                        + "(?:, ((?:UDMA|DMA|MWDMA|PIO)\\S*))?.*$", false, (Function<String, String[]>) ScsiIdeLineParsers::ideSectors,
                        List.of("241254720 sectors (123522 MB)", "156301488 sectors (80026 MB) w/1819KiB Cache", " sectors (", " MB)",
                                "241254720", "80026", "1", " w/", "1819", "2048", " ", "KiB Cache", "KiB", ", CHS=", "65535/16/63", "/",
                                "16", ", ", "UDMA(100)", "UDMA", "DMA", "MWDMA2", "PIO", "(33)", "\u2028", "\u0085", "\r", "x",
                                "12345678901234567890"), 10, 2),
                Arguments.of("IDE_SELECTED", "^(\\S+) mode selected", true, (Function<String, String[]>) ScsiIdeLineParsers::ideSelected,
                        List.of("UDMA/100", "udma5", " mode selected", " mode", " selected", "mode selected", " ", "\t", "\u2028",
                                "UDMA/100 mode selected (dma on)"), 6, 1),
                Arguments.of("IDE_BIOS", "\\b(hd[a-z]{1,2}):(DMA|pio)\\b", true, (Function<String, String[]>) ScsiIdeLineParsersTest::firstBios,
                        BIOS_FRAGMENTS, 10, 2),
                Arguments.of("COMMAND_LINE", "^(?:Kernel )?[Cc]ommand line: (.*)$", false,
                        (Function<String, String[]>) ScsiIdeLineParsers::commandLine,
                        List.of("Kernel ", "Kernel", "Command line: ", "command line: ", "Command line:", "ommand line: ", "C", "c", "K",
                                "console=ttyS0,115200", " ", "panic=-1", "\r", "\u2028", "\u0085", "Command line: ro root=/dev/md2"), 6, 3),
                Arguments.of("VERSION", "^Linux version (\\S+) .*", false, (Function<String, String[]>) ScsiIdeLineParsers::version,
                        List.of("Linux version ", "Linux version", "6.1.0-57-amd64", "2.6.18-8.el5", " ", "\t", "(gcc-12)", "x",
                                "\u2028", "\r", "\u0085", "\u00a0", "Linux version 6.1.0-57-amd64 "), 6, 1),
                Arguments.of("LINUX_VERSION (BootStartDetector)", "^Linux version \\S+ .*", false,
                        (Function<String, String[]>) s -> BootStartDetector.isLinuxVersion(s) ? new String[0] : null,
                        List.of("Linux version ", "Linux version", "6.1.0-57-amd64", " ", "\t", "(gcc-12)", "\u2028", "\r", "Linux version 2.6.18-8.el5 "), 6, 1),
                Arguments.of("CONTROLLER", "^(ahci|ata_piix|ata_generic|pata_\\w+|sata_\\w+|pdc_adma|acard-ahci|ahci_\\w+) "
                        + "([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]): (.*)$", false,
                        (Function<String, String[]>) ScsiIdeLineParsers::controller,
                        List.of("ahci", "ata_piix", "ata_generic", "pata_", "sata_", "pdc_adma", "acard-ahci", "ahci_", "nv", "sil", "x_1",
                                "-", " ", "0000:00:1f.2", "0000:00:1F.2", "0000:00:1f.8", "0000", ":", "00", "1f", ".", "2", ": ",
                                "version 3.0", "AHCI 0001.0000 32 slots", "\r", "\u2028", "\u0085", "ahci 0000:00:1f.2: ", "sata_nv 0000:00:07.0: ", "ata_piix 0000:00:01.1 ",
                                "sata_sil 0000:00:0a.8: ", "ahci 0000:00:1F.2: ", "pata_ 0000:00:01.1: ", "ahci_platform 0000:00:01.1: "), 8, 3),
                Arguments.of("NV_MODE", "^Using (ADMA|SWNCQ) mode", true, (Function<String, String[]>) ScsiIdeLineParsers::nvMode,
                        List.of("Using ", "ADMA", "SWNCQ", " mode", " ", "mode", "Using ADMA mode", "x"), 5, 2),
                Arguments.of("SCSI_HOST", "^scsi(?: host(\\d{1,6}):|(\\d{1,6}) :) (\\S+)", true,
                        (Function<String, String[]>) ScsiIdeLineParsers::scsiHost,
                        List.of("scsi", " host", "host", "0", "12", "1234567", ":", " :", " ", "ahci", "ata_piix", "sata_nv", "\t",
                                "\u2028", "scsi host0: ", "scsi0 : "), 6, 2),
                Arguments.of("SCSI_DEVICE", "^scsi (\\d{1,6}):(\\d{1,4}):(\\d{1,6}):(\\d{1,6}): (.*?) PQ: .*$", false,
                        (Function<String, String[]>) ScsiIdeLineParsers::scsiDevice,
                        List.of("scsi ", "scsi 0:0:0:0: ", "0", "1", "12345", "1234567", ":", ": ", "Direct-Access     ATA      QEMU HARDDISK    2.5+",
                                "Direct-Access", " ", " PQ: ", "PQ:", "0 ANSI: 5", "\r", "\u2028", "\u0085", "scsi 0:0:0:0: Direct-Access     ATA      QEMU HARDDISK    2.5+ PQ: 0 ANSI: 5",
                                "scsi 12:3:4:5: CD-ROM "), 8, 3),
                Arguments.of("SD_BRACKET", "^sd (\\d{1,6}):(\\d{1,4}):(\\d{1,6}):(\\d{1,6}): \\[(\\w+)\\] (.*)$", false,
                        (Function<String, String[]>) ScsiIdeLineParsers::sdBracket,
                        List.of("sd ", "sd 0:0:0:0: ", "0", "2", "12345", "1234567", ":", ": ", "[", "]", "sda", "sdb_1", "s-a", "] ",
                                "[sda] ", "Attached SCSI disk", "\r", "\u2028", "\u0085", " ", "sd 0:0:0:0: [sda] ", "sd 0:0:0:0: [",
                                "sd 2:0:1:0: [sdb] 2097152 512-byte logical blocks"), 6, 3),
                Arguments.of("SD_BLOCKS", "^(\\d{1,19}) (\\d{3,6})-byte (?:logical blocks|hardware sectors|hdwr sectors)", true,
                        (Function<String, String[]>) ScsiIdeLineParsers::sdBlocks,
                        List.of("2097152", "1", "12345678901234567890", " ", "512", "4096", "12", "1234567", "-byte ", "-byte",
                                "logical blocks", "hardware sectors", "hdwr sectors", "logical", " blocks", "2097152 512-byte ", "2097152 512-byte ",
                                "2097152 512-byte logical blocks"), 6, 2),
                Arguments.of("SD_ATTACHED_OLD", "^sd (\\d{1,6}):(\\d{1,4}):(\\d{1,6}):(\\d{1,6}): Attached scsi disk (\\w+)", true,
                        (Function<String, String[]>) ScsiIdeLineParsers::sdAttachedOld,
                        List.of("sd ", "sd 0:0:0:0: ", "0", "12345", "1234567", ":", ": ", "Attached scsi disk ", "Attached scsi disk",
                                "sda", "sdb", "_", "-", " ", "sd 0:0:0:0: Attached scsi disk ", "sd 1:0:0:0: Attached scsi disk sdb"), 5, 1),
                Arguments.of("SCSI_DEVICE_OLD", "^SCSI device (\\w+): (\\d{1,19}) (\\d{3,6})-byte hdwr sectors", true,
                        (Function<String, String[]>) ScsiIdeLineParsers::scsiDeviceOld,
                        List.of("SCSI device ", "SCSI device sda: ", "sda", "sd_b", "-", ": ", ":", "488397168", "1", " ", "512", "12",
                                "1234567", "-byte hdwr sectors", "-byte", " (250059 MB)", "SCSI device sda: 488397168 512",
                                "SCSI device sdb: 156250000 512-byte hdwr sectors"), 5, 1),
                Arguments.of("INQUIRY_OLD", "^\\s*Vendor: (.{0,8}?)\\s*Model: (.{0,16}?)\\s*Rev: (.{0,4}?)\\s*$", false,
                        (Function<String, String[]>) ScsiIdeLineParsers::inquiryOld,
                        List.of("  ", " ", "\t", "Vendor: ", "Vendor:", "ATA", "ATA     ", "Model: ", "Model:", "ST3250620AS", "ST3250620AS     ",
                                "QEMU HARDDISK", "Rev: ", "Rev:", "3.AA", "3", "\ud83d\ude00", "\r", "\n", "\u2028", "\u0085", "Model: x ",
                                "  Vendor: ATA       Model: ST3250620AS       Rev: ", "Vendor: ATA      Model: X  Rev: 1 "), 4, 1),
                Arguments.of("TYPE_OLD", "^\\s*Type:\\s+(\\S+)\\s+ANSI.*$", false, (Function<String, String[]>) ScsiIdeLineParsers::typeOld,
                        List.of("  ", " ", "\t", "Type:", "Type: ", "Direct-Access", "CD-ROM", "   ", "ANSI", "ANSI SCSI revision: 05",
                                " revision", "\r", "\n", "\u2028", "\u0085", "  Type:   Direct-Access                      ANSI",
                                "Type: CD-ROM ANSI SCSI revision: 05"), 5, 1));
    }

    private static final List<String> BIOS_FRAGMENTS = List.of("ide2: BM-DMA at 0xbe00-0xbe07, BIOS settings: ", "hd", "e", "f", "ab",
            "abc", "hde", "hdf", ":", "DMA", "pio", "PIO", "dma", ", ", " ", "_", "x", "1", "\u0301", "\u00e9", "\u0660",
            "hde:DMA", "hdf:pio", "hde:DMA, hdf:pio", " hdg:DMA ");

    @ParameterizedTest(name = "{0}")
    @MethodSource("patterns")
    void sameGroupsAsTheRegex(String name, String regex, boolean find, Function<String, String[]> parser, List<String> fragments,
            int maxPieces, int realMatches) {
        RegexOracle.sameGroups(Pattern.compile(regex), find, parser, RegexOracle.pieces(fragments, maxPieces, GENERATED), 1000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("patterns")
    void sameGroupsOnTheRealLogs(String name, String regex, boolean find, Function<String, String[]> parser, List<String> fragments,
            int maxPieces, int realMatches) {
        RegexOracle.sameGroups(Pattern.compile(regex), find, parser, realInputs(), realMatches);
    }

    /**
     * IDE_BIOS is read with a find() loop: every match, in turn, not only the first. Its {@code \\b} is JDK 17's, so
     * the answers are held to the recorded ones, not to this JDK's {@code \\b}.
     */
    @Test
    void everyBiosMatch() {
        Pattern p = Pattern.compile("\\b(hd[a-z]{1,2}):(DMA|pio)\\b");
        List<String> inputs = new ArrayList<>(RegexOracle.pieces(BIOS_FRAGMENTS, 14, GENERATED));
        inputs.addAll(realInputs());
        int several = 0;
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            List<String> found = ScsiIdeLineParsers.ideBios(s);
            several += found.size() > 2 ? 1 : 0;
            answers.add(s + "\u0000" + found);
        }
        assertTrue(several > 1000, "too few lines with several matches: " + several);
        RegexOracle.recorded("every match of " + p.pattern(), inputs, answers);
    }

    /** The words of a stripped text, as {@code split("\\s+")}. */
    @Test
    void blankSeparatedIsSplitOfAStrippedText() {
        List<String> fragments = List.of("Direct-Access", "ATA", "QEMU", "HARDDISK", "2.5+", " ", "  ", "\t", "\u000b", "\u001c",
                "\u2028", "\u00a0", "\r", "\n");
        List<String> inputs = RegexOracle.pieces(fragments, 10, GENERATED);
        List<String> answers = new ArrayList<>();
        for (String s : inputs) {
            String t = s.strip();
            assertEquals(List.of(t.split("\\s+")), ScsiIdeLineParsers.blankSeparated(t), t);
            answers.add(s + "\u0000" + ScsiIdeLineParsers.blankSeparated(t));
        }
        RegexOracle.recorded("blank-separated words of the stripped text", inputs, answers);
    }

    private static String[] firstBios(String s) {
        List<String> all = ScsiIdeLineParsers.ideBios(s);
        return all.isEmpty() ? null : new String[] {all.get(0), all.get(1)};
    }

    private static List<String> realLines;

    /** Lines of the old kernels of KernelLogEraTest that the logs under src/test/resources lack (2.6.18 SCSI, IDE). */
    private static final List<String> ERA_LINES = List.of(
            "  Vendor: ATA       Model: ST3250620AS       Rev: 3.AA",
            "  Type:   Direct-Access                      ANSI SCSI revision: 05",
            "SCSI device sda: 488397168 512-byte hdwr sectors (250059 MB)",
            "sd 0:0:0:0: Attached scsi disk sda",
            "Vendor: ATA       Model: WDC WD800JD-75MS  Rev: 10.0",
            "UDMA/100 mode selected",
            "Using ADMA mode",
            "Using SWNCQ mode",
            "scsi0 : sata_nv",
            "2097152 512-byte logical blocks: (1.07 GB/1.00 GiB)");

    /**
     * Every line of the real logs, as it is, after its dmesg/syslog/kmsg prefix (stripped and not), and the text after
     * each ": " of that (where the IDE, SD_BLOCKS and NV_MODE readers look).
     */
    static synchronized List<String> realInputs() {
        if (realLines != null) {
            return realLines;
        }
        Set<String> out = new LinkedHashSet<>();
        try (Stream<Path> files = Files.walk(Paths.get("src/test/resources/kernel"))) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                for (String line : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
                    out.add(line);
                    String msg = line;
                    int k = line.indexOf(" kernel: ");
                    if (k >= 0) {
                        msg = line.substring(k + 9);
                    }
                    if (msg.startsWith("[") && msg.indexOf("] ") > 0) {
                        msg = msg.substring(msg.indexOf("] ") + 2);
                    } else if (!msg.isEmpty() && Character.isDigit(msg.charAt(0)) && msg.indexOf(';') > 0) {
                        msg = msg.substring(msg.indexOf(';') + 1);
                    }
                    out.add(msg);
                    out.add(msg.strip());
                    for (int c = msg.indexOf(": "); c >= 0; c = msg.indexOf(": ", c + 1)) {
                        out.add(msg.substring(c + 2));
                    }
                    for (int c = msg.indexOf("] "); c >= 0; c = msg.indexOf("] ", c + 1)) {
                        out.add(msg.substring(c + 2));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.addAll(ERA_LINES);
        realLines = new ArrayList<>(out);
        assertTrue(realLines.size() > 5000, "real log lines: " + realLines.size());
        return realLines;
    }
}
