package org.disktune.detect;

/**
 * One name for an ATA transfer mode everywhere: the kernel log's. Sysfs ({@code ata_device/devP.D/xfer_mode},
 * drivers/ata/libata-transport.c, {@code ata_xfer_names}) says {@code XFER_UDMA_5}; the probe line
 * ({@code configured for UDMA/100}, drivers/ata/libata-core.c, {@code ata_mode_string}) says {@code UDMA/100}.
 * The UDMA names carry the speed in MB/s as ata_mode_string's table does; MWDMA and PIO are numbered; single-word
 * DMA, which libata does not use, is named as the old IDE driver named it (drivers/ide/ide-xfer-mode.c).
 */
public final class TransferModes {
    private static final String[] UDMA = {"UDMA/16", "UDMA/25", "UDMA/33", "UDMA/44", "UDMA/66", "UDMA/100", "UDMA/133", "UDMA7"};
    /** The kinds of {@code XFER_KIND_N}: what the regex {@code XFER_(UDMA|MW_DMA|SW_DMA|PIO)_(\d)} named. */
    private static final String[] KINDS = {"UDMA", "MW_DMA", "SW_DMA", "PIO"};

    private TransferModes() {
    }

    /** The kernel log's name of a sysfs xfer_mode value; a value this table does not know is returned as it is. */
    public static String kernelName(String sysfsName) {
        if (sysfsName == null) {
            return null;
        }
        if (sysfsName.equals("XFER_PIO_SLOW")) {
            return "PIO0";
        }
        String kind = kind(sysfsName);
        if (kind == null) {
            return sysfsName;
        }
        int n = sysfsName.charAt(sysfsName.length() - 1) - '0';
        return switch (kind) {
            case "UDMA" -> n < UDMA.length ? UDMA[n] : sysfsName;
            case "MW_DMA" -> "MWDMA" + n;
            case "SW_DMA" -> "SWDMA" + n;
            default -> "PIO" + n;
        };
    }

    /** KIND of {@code XFER_KIND_N} (N one ASCII digit), or null for any other name; read without java.util.regex. */
    static String kind(String s) {
        if (!s.startsWith("XFER_")) {
            return null;
        }
        for (String kind : KINDS) {
            int digit = 5 + kind.length() + 1;
            if (s.length() == digit + 1 && s.startsWith(kind, 5) && s.charAt(digit - 1) == '_' && s.charAt(digit) >= '0' && s.charAt(digit) <= '9') {
                return kind;
            }
        }
        return null;
    }
}
