package org.disktune.initramfs.image;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.apply.FileHolds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The text the proof that a regenerated file holds the parameters looks in ({@link UnifiedKernelImage#proofText}): a UKI holds only what its .cmdline section says. */
class ProofTextTest {
    private static final String WORD = "nvme_core.default_ps_max_latency_us=0";
    private final FileHolds holds = new FileHolds(List.of("/boot/x"), List.of(WORD), List.of("kernel-install"));

    @Test
    void aUkiHoldsTheWordsOfItsCmdlineSectionNotThoseElsewhereInTheFile(@TempDir Path dir) throws IOException {
        Path uki = dir.resolve("a.efi");
        Files.write(uki, UkiImages.withFile("root=/dev/sda1 ro", "etc/modprobe.d/x.conf", "# " + WORD + "\n"));
        assertEquals("root=/dev/sda1 ro", UnifiedKernelImage.proofText(uki));
        assertEquals(List.of(WORD), holds.lacking(UnifiedKernelImage.proofText(uki)), "the word in the initramfs is not on the command line");
        Files.write(uki, UkiImages.withFile("root=/dev/sda1 ro " + WORD, "etc/hostname", "x\n"));
        assertEquals(List.of(), holds.lacking(UnifiedKernelImage.proofText(uki)));
        Files.write(uki, UkiImages.pe(List.of(".linux"), List.of(("MZ " + WORD).getBytes(StandardCharsets.UTF_8))));
        assertEquals("", UnifiedKernelImage.proofText(uki), "a PE file without .cmdline holds no command line");
    }

    @Test
    void anyOtherFileHoldsItsWholeText(@TempDir Path dir) throws IOException {
        Path entry = dir.resolve("e.conf");
        Files.writeString(entry, "title Debian\noptions root=/dev/sda1 " + WORD + "\n");
        assertEquals(List.of(), holds.lacking(UnifiedKernelImage.proofText(entry)));
    }
}
