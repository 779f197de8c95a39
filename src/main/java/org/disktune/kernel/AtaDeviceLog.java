package org.disktune.kernel;

import java.util.List;

/**
 * What the kernel printed about one ATA device ({@code ataP.DD}) during the boot.
 *
 * @param id               "ata3.00"
 * @param port             the ATA port print id (3 in ata3.00)
 * @param device           the device number on the link (0 master, 1 slave; PMP link number behind a port multiplier)
 * @param deviceClass      "ATA", "ATAPI" or "CFA"
 * @param ataRevision      "ATA-7" as printed, null when not printed
 * @param model            from {@code ATA-7: <model>, <fw>, max UDMA/133}; null on 2.6.18 kernels, which print no model
 * @param firmware         firmware revision, as above
 * @param maxTransferMode  the drive's best mode, "UDMA/133"
 * @param sectors          from {@code <n> sectors, multi <m>: LBA48 ...}
 * @param multi            the multi-sector count
 * @param addressing       "LBA48", "LBA" or "CHS"
 * @param ncq              NCQ state from the sectors line
 * @param ncqDepth         the queue depth in effect (host side: 31 in {@code depth 31/32}, 32 in {@code depth 32}, 0 in {@code 0/32})
 * @param ncqDriveDepth    the drive's own maximum (32 in {@code 31/32})
 * @param ncqAutoActivate  {@code , AA} after the depth (FPDMA auto-activate)
 * @param forceLines       text after {@code FORCE: } on this device's lines, e.g. "horkage modified (noncq)"
 * @param forcedQuirks     quirk names forced by libata.force: "noncq" from {@code horkage modified (noncq)} or (6.10+) {@code modified (noncq)}
 * @param quirks           quirks from the kernel's table (6.10+: {@code Model '...', rev '...', applying quirks: noncqtrim ...})
 * @param features         from {@code Features: Trust Dev-Sleep NCQ-sndrcv}
 * @param transferMode     from {@code configured for UDMA/133}; null when not printed (PATA on ata_piix)
 * @param identityLine     the identity line as printed, after the device id
 * @param sectorsLine      the sectors line as printed, after the device id, trailing blanks removed
 */
public record AtaDeviceLog(
        String id,
        int port,
        int device,
        String deviceClass,
        String ataRevision,
        String model,
        String firmware,
        String maxTransferMode,
        Long sectors,
        Integer multi,
        String addressing,
        NcqState ncq,
        Integer ncqDepth,
        Integer ncqDriveDepth,
        boolean ncqAutoActivate,
        List<String> forceLines,
        List<String> forcedQuirks,
        List<String> quirks,
        List<String> features,
        String transferMode,
        String identityLine,
        String sectorsLine) {

    public AtaDeviceLog {
        forceLines = List.copyOf(forceLines);
        forcedQuirks = List.copyOf(forcedQuirks);
        quirks = List.copyOf(quirks);
        features = List.copyOf(features);
    }

    /** True when NCQ was turned off by libata.force or a quirk (the drive itself can queue). */
    public boolean ncqForcedOff() {
        return ncq == NcqState.NOT_USED;
    }
}
