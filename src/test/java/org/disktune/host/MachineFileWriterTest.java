package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class MachineFileWriterTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "one line                   | 1\\n                       | /f = 1\\n",
        "trailing spaces kept       | \"[none] mq-deadline \\n\"  | \"/f = [none] mq-deadline \\n\"",
        "just a newline             | \\n                        | /f =\\n",
        "leading space -> heredoc   | \" x\\n\"                  | \"/f <<EOF\\n x\\nEOF\\n\"",
        "two lines -> heredoc       | a\\nb\\n                   | /f <<EOF\\na\\nb\\nEOF\\n",
        "empty last line            | a\\n\\n                    | /f <<EOF\\na\\n\\nEOF\\n",
        "tag clash                  | EOF\\nEOF_1\\n             | /f <<EOF_2\\nEOF\\nEOF_1\\nEOF_2\\n",
        "no final newline -> base64 | ../x                       | /f base64 Li4veA==\\n",
        "two final newlines, 1 line | a\\n\\n                    | /f <<EOF\\na\\n\\nEOF\\n",
        "carriage return -> base64  | a\\r\\n                    | /f base64 YQ0K\\n",
    })
    void choosesTheFormOfEachFile(String what, String content, String line) {
        byte[] bytes = unescape(content).getBytes(StandardCharsets.UTF_8);
        String written = MachineFileWriter.write(List.of(new MachineEntry.FileEntry("/f", bytes)), List.of());
        assertEquals(unescape(line), written, what);
        assertEquals(List.of(new MachineEntry.FileEntry("/f", bytes)), MachineFileParser.parse("t", written), what + " parses back");
    }

    @Test
    void binaryAndEmptyFilesAreBase64() {
        String written = MachineFileWriter.write(List.of(
                new MachineEntry.FileEntry("/bin", new byte[] {(byte) 0x86, 0x10, 0x29, 0x00}),
                new MachineEntry.FileEntry("/empty", new byte[0]),
                new MachineEntry.FileEntry("/latin1", new byte[] {'c', (byte) 0xe9, '\n'})), List.of());
        assertEquals("/bin base64 hhApAA==\n/empty base64 \n/latin1 base64 Y+kK\n", written);
    }

    @Test
    void commentsHeadTheFileAndEntriesAreSortedByPath() {
        String written = MachineFileWriter.write(List.of(
                new MachineEntry.Link("/sys/block/sda", "../devices/x/block/sda"),
                new MachineEntry.Dir("/dev/disk/by-id"),
                new MachineEntry.FileEntry("/proc/cmdline", "quiet\n".getBytes(StandardCharsets.UTF_8))), List.of("sample x", "", "two\nlines"));
        assertEquals("# sample x\n#\n# two\n# lines\n\n/dev/disk/by-id/\n/proc/cmdline = quiet\n/sys/block/sda -> ../devices/x/block/sda\n", written);
    }

    @Test
    void writesATreeOnTheDefaultFileSystemWithoutFollowingLinks(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("sys/devices/x/block/sda/holders"));
        Files.writeString(root.resolve("sys/devices/x/block/sda/size"), "2097152\n");
        Files.createDirectories(root.resolve("sys/block"));
        Files.createSymbolicLink(root.resolve("sys/block/sda"), Path.of("../devices/x/block/sda"));
        Files.createSymbolicLink(root.resolve("sys/dangling"), Path.of("nowhere"));
        String written = MachineFileWriter.write(root);
        assertEquals("""
                /sys/block/sda -> ../devices/x/block/sda
                /sys/dangling -> nowhere
                /sys/devices/x/block/sda/holders/
                /sys/devices/x/block/sda/size = 2097152
                """, written);
        assertEquals(written, MachineFileWriter.write(SampleMachines.newJimfsRoot(MachineFileParser.parse("t", written))));
    }

    @Test
    void aModeOtherThan0644IsWrittenAndMadeAgain() throws IOException {
        String text = """
                /etc/rc.local mode=0755 <<EOF
                #!/bin/sh
                touch /var/lock/subsys/local
                EOF
                /etc/secret mode=0600 = x
                /etc/plain = y
                """;
        Path root = SampleMachines.newJimfsRoot(MachineFileParser.parse("t", text));
        assertEquals("rwxr-xr-x", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("etc/rc.local"))));
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("etc/plain"))));
        assertEquals("""
                /etc/plain = y
                /etc/rc.local mode=0755 <<EOF
                #!/bin/sh
                touch /var/lock/subsys/local
                EOF
                /etc/secret mode=0600 = x
                """, MachineFileWriter.write(root));
    }

    @Test
    void refusesPathsTheFormatCannotHold(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("with space"), "1\n");
        assertThrows(IllegalArgumentException.class, () -> MachineFileWriter.write(root));
    }

    static List<String> sampleNames() {
        return new SampleMachines().list().stream().map(SampleMachines.Sample::name).toList();
    }

    /** writer -> parser -> materialize -> writer is byte-identical for every bundled sample. */
    @ParameterizedTest
    @MethodSource("sampleNames")
    void roundTripOfEveryBundledSampleIsByteIdentical(String name) {
        String first = MachineFileWriter.write(new SampleMachines().materialize(name));
        String second = MachineFileWriter.write(SampleMachines.newJimfsRoot(MachineFileParser.parse(name, first)));
        assertEquals(first, second);
    }

    static List<String> qemuSampleNames() {
        return sampleNames().stream().filter(name -> name.startsWith("qemu-")).toList();
    }

    /** The imported samples are writer output under their comment header (hand-written samples need not be). */
    @ParameterizedTest
    @MethodSource("qemuSampleNames")
    void importedQemuSamplesAreExactlyWriterOutput(String name) throws IOException {
        String first = MachineFileWriter.write(new SampleMachines().materialize(name));
        String bundled;
        try (InputStream in = getClass().getResourceAsStream("/org/disktune/samples/" + name + ".machine")) {
            bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String body = bundled.replaceFirst("\\A(#[^\n]*\n)*\n", "");
        assertTrue(body.length() < bundled.length(), name + " has a comment header");
        assertEquals(body, first, name + " is exactly what the writer writes for it");
    }

    private static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\r", "\r");
    }
}
