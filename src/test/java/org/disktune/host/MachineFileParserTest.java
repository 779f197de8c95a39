package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.FileMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MachineFileParserTest {

    private static MachineEntry.FileEntry file(String path, String content) {
        return new MachineEntry.FileEntry(path, content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aFileMayCarryItsModeAndIs0644WithoutOne() {
        List<MachineEntry> entries = MachineFileParser.parse("t", """
                /etc/rc.local mode=0755 <<EOF
                #!/bin/sh
                EOF
                /etc/a mode=0600 = one line
                /etc/b mode=755 base64 AAE=
                /etc/c mode=0640 =
                /etc/d = 1
                """);
        assertEquals(List.of(new MachineEntry.FileEntry("/etc/rc.local", "#!/bin/sh\n".getBytes(StandardCharsets.UTF_8), new FileMode(0755)),
                new MachineEntry.FileEntry("/etc/a", "one line\n".getBytes(StandardCharsets.UTF_8), new FileMode(0600)),
                new MachineEntry.FileEntry("/etc/b", new byte[] {0, 1}, new FileMode(0755)),
                new MachineEntry.FileEntry("/etc/c", "\n".getBytes(StandardCharsets.UTF_8), new FileMode(0640)),
                new MachineEntry.FileEntry("/etc/d", "1\n".getBytes(StandardCharsets.UTF_8), FileMode.DEFAULT)), entries);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/etc/x mode=0855 = 1|bad mode '0855'",
            "/etc/x mode=rwx = 1|bad mode 'rwx'",
            "/etc/x mode=04755 = 1|bad mode '04755'",
            "/etc/x mode=0755|after the mode of /etc/x",
            "/etc/x mode=0755 -> y|a link has no mode of its own: /etc/x"})
    void aBadModeIsNamedWithItsLine(String line, String problem) {
        DisktuneException e = assertThrows(DisktuneException.class, () -> MachineFileParser.parse("t", "# first\n" + line + "\n"));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertTrue(e.getMessage().startsWith("sample t line 2: ") && e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void parsesEveryKindOfLine() {
        String text = """
                # a comment at column 0
                /sys/block/sda -> ../devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda
                /sys/devices/x/queue/scheduler = [none] mq-deadline\s
                /sys/devices/x/queue/rotational = 1
                /sys/devices/x/holders =
                /dev/disk/by-id/

                /proc/mdstat <<EOF
                Personalities : [raid1]
                # not a comment inside a heredoc
                  indented, trailing space\s

                EOF
                /sys/devices/x/config base64 AAEC/w==
                /sys/devices/x/empty base64\s
                /sys/devices/x/empty2 base64
                /etc/tagged <<END_1
                EOF
                END_1
                """;
        List<MachineEntry> entries = MachineFileParser.parse("demo", text);
        assertEquals(List.of(
                new MachineEntry.Link("/sys/block/sda", "../devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sda"),
                file("/sys/devices/x/queue/scheduler", "[none] mq-deadline \n"),
                file("/sys/devices/x/queue/rotational", "1\n"),
                file("/sys/devices/x/holders", "\n"),
                new MachineEntry.Dir("/dev/disk/by-id"),
                file("/proc/mdstat", "Personalities : [raid1]\n# not a comment inside a heredoc\n  indented, trailing space \n\n"),
                new MachineEntry.FileEntry("/sys/devices/x/config", new byte[] {0, 1, 2, (byte) 0xff}),
                new MachineEntry.FileEntry("/sys/devices/x/empty", new byte[0]),
                new MachineEntry.FileEntry("/sys/devices/x/empty2", new byte[0]),
                file("/etc/tagged", "EOF\n")), entries);
    }

    @Test
    void valueKeepsInnerAndTrailingSpacesAndALeadingSpaceAfterTheSeparator() {
        List<MachineEntry> entries = MachineFileParser.parse("s", "/a = x  y  \n/b =  lead\n/c = \n");
        assertArrayEquals("x  y  \n".getBytes(StandardCharsets.UTF_8), ((MachineEntry.FileEntry) entries.get(0)).content());
        assertArrayEquals(" lead\n".getBytes(StandardCharsets.UTF_8), ((MachineEntry.FileEntry) entries.get(1)).content());
        assertArrayEquals("\n".getBytes(StandardCharsets.UTF_8), ((MachineEntry.FileEntry) entries.get(2)).content());
    }

    @Test
    void lastLineWithoutNewlineAndEmptyTextAreFine() {
        assertEquals(List.of(file("/a", "1\n")), MachineFileParser.parse("s", "/a = 1"));
        assertEquals(List.of(), MachineFileParser.parse("s", ""));
        assertEquals(List.of(), MachineFileParser.parse("s", "# only a comment\n"));
    }

    @Test
    void namesThatOnlyStartOrEndWithDotsAreNotDotSegments() {
        assertEquals(3, MachineFileParser.parse("t", "/.hidden = 1\n/a/..x = 2\n/a/x.. = 3\n").size());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "duplicate path          | /a = 1\\n/b = 2\\n/a = 3                | line 3: duplicate entry for /a (first at line 1)",
        "duplicate dir and file  | /a/\\n/a = 1                           | line 2: duplicate entry for /a (first at line 1)",
        "path only               | /sys/block/sda                          | line 1: expected 'PATH = VALUE', 'PATH -> TARGET', 'PATH/', 'PATH <<TAG' or 'PATH base64 DATA'",
        "no space before =       | /a=1                                    | line 1: expected 'PATH = VALUE', 'PATH -> TARGET', 'PATH/', 'PATH <<TAG' or 'PATH base64 DATA'",
        "no space after path     | /a=                                     | line 1: no space between path and '='",
        "no space after =        | /a =1                                   | line 1: expected '= VALUE', '-> TARGET', '<<TAG' or 'base64 DATA' after /a",
        "unknown operator        | # ok\\n/a : 1                           | line 2: expected '= VALUE', '-> TARGET', '<<TAG' or 'base64 DATA' after /a",
        "link without target     | /a ->                                   | line 1: expected '= VALUE', '-> TARGET', '<<TAG' or 'base64 DATA' after /a",
        "relative path           | sys/a = 1                               | line 1: bad path 'sys/a' (absolute, no empty segments, no spaces)",
        "double slash            | /sys//a = 1                             | line 1: bad path '/sys//a' (absolute, no empty segments, no spaces)",
        "dot-dot segment         | /sys/../etc/passwd = 1                  | line 1: bad path '/sys/../etc/passwd' ('.' and '..' segments are not allowed)",
        "dot segment             | /sys/./a = 1                            | line 1: bad path '/sys/./a' ('.' and '..' segments are not allowed)",
        "dot-dot at the end      | /sys/.. = 1                             | line 1: bad path '/sys/..' ('.' and '..' segments are not allowed)",
        "dot at the start        | /. = 1                                  | line 1: bad path '/.' ('.' and '..' segments are not allowed)",
        "root as dir             | //                                      | line 1: bad path '/' (absolute, no empty segments, no spaces)",
        "space-indented line     | ' /a = 1'                              | line 1: bad path '' (absolute, no empty segments, no spaces)",
        "heredoc without end     | /x = 1\\n/a <<EOF\\nline\\nEOF \\n      | line 2: heredoc <<EOF has no closing 'EOF' line",
        "bad heredoc tag         | /a <<E-F                                | line 1: bad heredoc tag 'E-F' (letters, digits and _ only)",
        "bad base64              | /a base64 !!!                           | line 1: bad base64 data for /a",
        "entry below a file      | /a = 1\\n/a/b = 2                       | line 2: /a/b lies below /a, which line 1 makes a file or link",
        "entry below a link      | /a/c = 1\\n/a -> x\\n                   | line 1: /a/c lies below /a, which line 2 makes a file or link",
        "carriage return         | /a = 1\\r\\n                            | line 1: carriage return in line (the format uses \\n line ends only)",
    })
    void malformedInputIsAUsageErrorNamingSampleAndLine(String what, String text, String problem) {
        DisktuneException e = assertThrows(DisktuneException.class,
                () -> MachineFileParser.parse("broken", text.replace("\\n", "\n").replace("\\r", "\r")), what);
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("sample broken " + problem.replace("\\n", "\\n"), e.getMessage());
    }

    /**
     * An entry below a file or link is found whatever the order of the lines and however deep, and the error names
     * the first such entry of the file with its nearest file or link above (each directory is checked once, so this
     * compares with every ancestor of every entry checked, on random files).
     */
    @Test
    void everyEntryBelowAFileOrLinkIsFoundAndTheFirstIsNamed() {
        java.util.Random random = new java.util.Random(11);
        String[] names = {"a", "b", "ab"};
        int wrong = 0;
        for (int round = 0; round < 3000; round++) {
            List<String> paths = new java.util.ArrayList<>();
            List<String> kinds = new java.util.ArrayList<>();
            StringBuilder text = new StringBuilder();
            int n = 1 + random.nextInt(8);
            for (int k = 0; k < n; k++) {
                StringBuilder path = new StringBuilder();
                for (int d = random.nextInt(4); d >= 0; d--) {
                    path.append('/').append(names[random.nextInt(names.length)]);
                }
                if (paths.contains(path.toString())) {
                    continue;
                }
                String kind = List.of("dir", "file", "link").get(random.nextInt(3));
                paths.add(path.toString());
                kinds.add(kind);
                text.append(kind.equals("dir") ? path + "/" : kind.equals("file") ? path + " = 1" : path + " -> x").append('\n');
            }
            String expected = null;
            for (int e = 0; e < paths.size() && expected == null; e++) {
                String path = paths.get(e);
                for (int slash = path.lastIndexOf('/'); slash > 0 && expected == null; slash = path.lastIndexOf('/', slash - 1)) {
                    int above = paths.indexOf(path.substring(0, slash));
                    if (above >= 0 && !kinds.get(above).equals("dir")) {
                        expected = "sample s line " + (e + 1) + ": " + path + " lies below " + paths.get(above) + ", which line "
                                + (above + 1) + " makes a file or link";
                    }
                }
            }
            if (expected == null) {
                assertEquals(paths.size(), MachineFileParser.parse("s", text.toString()).size(), text.toString());
            } else {
                DisktuneException e = assertThrows(DisktuneException.class, () -> MachineFileParser.parse("s", text.toString()));
                assertEquals(expected, e.getMessage(), text.toString());
                wrong++;
            }
        }
        assertEquals(true, wrong > 500 && wrong < 2500, "files with an entry below a file or link: " + wrong);
    }

    @Test
    void aLineEndIsItsUtf8BytesWithANewline() {
        java.util.Random random = new java.util.Random(5);
        String alphabet = "az09 =/\u00e9\u20ac\ud83d\ude00";
        for (int round = 0; round < 20_000; round++) {
            StringBuilder line = new StringBuilder();
            for (int k = random.nextInt(10); k > 0; k--) {
                line.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            int from = random.nextInt(line.length() + 1);
            assertArrayEquals((line.substring(from) + "\n").getBytes(StandardCharsets.UTF_8), MachineFileParser.lineEnd(line.toString(), from),
                    line + " from " + from);
        }
    }
}
