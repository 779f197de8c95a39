package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.disktune.initramfs.image.UkiImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** initramfs list, cat and verify take a unified kernel image: its .initrd is the image, its .cmdline is shown. */
class InitramfsUkiTest {
    private static final String CMDLINE = "root=UUID=0f3c ro quiet libata.force=noncq";
    private static final String CONF = "options sata_nv adma=1\n";

    @TempDir
    Path dir;

    @Test
    void listShowsTheCommandLineFirstAndTheInitrdsFiles() throws IOException {
        Path uki = Files.write(dir.resolve("debian.efi"), UkiImages.withFile(CMDLINE, "etc/modprobe.d/disktune.conf", CONF));

        CliRun text = CliRun.run("initramfs", "list", uki.toString());
        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().startsWith("command line (.cmdline of the unified kernel image): " + CMDLINE + "\n"), text.out());
        assertTrue(text.out().contains("etc/modprobe.d/disktune.conf"), text.out());

        CliRun json = CliRun.run("--json", "initramfs", "list", uki.toString());
        assertEquals(0, json.exitCode(), json.err());
        JsonNode listing = new ObjectMapper().readTree(json.out());
        assertEquals(CMDLINE, listing.get("command_line").asText());

        CliRun cat = CliRun.run("initramfs", "cat", uki.toString(), "etc/modprobe.d/disktune.conf");
        assertEquals(CONF, cat.out());

        Path host = Files.writeString(dir.resolve("disktune.conf"), CONF);
        CliRun verify = CliRun.run("initramfs", "verify", uki.toString(), "/etc/modprobe.d/disktune.conf=" + host);
        assertEquals(0, verify.exitCode(), verify.out() + verify.err());
    }

    @Test
    void aPlainImageHasNoCommandLine() throws IOException {
        byte[] uki = UkiImages.withFile(CMDLINE, "etc/hostname", "h\n");
        Path plainCpio = Files.write(dir.resolve("initrd.img"), UkiImages.initrdOf(uki));

        CliRun text = CliRun.run("initramfs", "list", plainCpio.toString());
        assertEquals(0, text.exitCode(), text.err());
        assertFalse(text.out().contains("command line"), text.out());
        CliRun json = CliRun.run("--json", "initramfs", "list", plainCpio.toString());
        assertTrue(new ObjectMapper().readTree(json.out()).get("command_line").isNull(), json.out());
    }
}
