package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.disktune.modprobe.ModprobeConfigParser;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * modprobe.d files and kernel command lines (kmod's parser rules, see ModprobeConfigParser): any bytes give
 * directives and ignored lines, never an exception. Seeds: the real modprobe.d files of configs/modprobe.d.
 */
class ModprobeFuzzTest {
    private static final List<byte[]> SEEDS = Fuzz.resources("configs/modprobe.d", "");
    private static final List<String> TOKENS = List.of("options ", "install ", "remove ", "blacklist ", "softdep ", "alias ",
            "pre: ", "post: ", "libata ", "force=", "noncq", "[", "]", "-", "_", "\\\n", "\"", "#", " ", "\t", "=", ".", "\n");

    @Test
    void anyFileParses() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.SHORT, file -> check(file));
    }

    @Tag("fuzz")
    @Test
    void anyFileParsesLongRun() {
        Fuzz.run(SEEDS, TOKENS, Fuzz.LONG, file -> check(file));
    }

    static void check(byte[] file) {
        ModprobeConfigParser parser = new ModprobeConfigParser();
        ModprobeConfigParser.ParsedFile parsed = Fuzz.parse(file, () -> parser.parse("/etc/modprobe.d/fuzz.conf", file));
        if (parsed != null) {
            assertNotNull(parsed.directives());
        }
        String cmdline = new String(file, StandardCharsets.ISO_8859_1);
        Fuzz.parse(file, () -> parser.parseKernelCommandLine(cmdline.length() > 4096 ? cmdline.substring(0, 4096) : cmdline));
        Fuzz.parse(file, () -> ModprobeConfigParser.splitOptions(cmdline.length() > 4096 ? cmdline.substring(0, 4096) : cmdline));
    }
}
