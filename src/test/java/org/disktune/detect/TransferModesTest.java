package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.regex.Pattern;

import org.disktune.testing.RegexOracle;
import org.junit.jupiter.api.Test;

/** Sysfs transfer mode names in the kernel log's words; the name read by hand as the regex it replaced read it. */
class TransferModesTest {
    @Test
    void sysfsNamesBecomeTheKernelLogsNames() {
        assertEquals("UDMA/133", TransferModes.kernelName("XFER_UDMA_6"));
        assertEquals("UDMA/16", TransferModes.kernelName("XFER_UDMA_0"));
        assertEquals("UDMA7", TransferModes.kernelName("XFER_UDMA_7"));
        assertEquals("XFER_UDMA_8", TransferModes.kernelName("XFER_UDMA_8"), "beyond the table: as it is");
        assertEquals("MWDMA2", TransferModes.kernelName("XFER_MW_DMA_2"));
        assertEquals("SWDMA1", TransferModes.kernelName("XFER_SW_DMA_1"));
        assertEquals("PIO4", TransferModes.kernelName("XFER_PIO_4"));
        assertEquals("PIO0", TransferModes.kernelName("XFER_PIO_SLOW"));
        assertEquals("XFER_PIO_44", TransferModes.kernelName("XFER_PIO_44"));
        assertEquals("weird", TransferModes.kernelName("weird"));
        assertNull(TransferModes.kernelName(null));
    }

    @Test
    void theKindIsReadAsTheRegexReadIt() {
        List<String> inputs = new java.util.ArrayList<>(RegexOracle.pieces(List.of("XFER_UDMA_", "XFER_PIO_", "XFER_MW_DMA_", "XFER_SW_DMA_", "XFER_", "UDMA",
                "_", "0", "5", "9", "\u0665", "X"), 3, 40_000));
        inputs.addAll(List.of("XFER_UDMA_6", "XFER_UDMA_6\n", "XFER_PIO_", "XFER_MW_DMA_0", "xfer_udma_5", "XFER_UDMA_\uff15"));
        RegexOracle.sameGroups(Pattern.compile("XFER_(UDMA|MW_DMA|SW_DMA|PIO)_(\\d)"), false, s -> {
            String kind = TransferModes.kind(s);
            return kind == null ? null : new String[] {kind, s.substring(s.length() - 1)};
        }, inputs, 300);
    }
}
