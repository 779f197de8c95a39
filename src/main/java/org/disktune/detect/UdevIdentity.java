package org.disktune.detect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.persist.UdevValues;

/**
 * A disk's serial and WWN as udev named them in /dev/disk/by-id, for kernels that show neither in sysfs (before
 * the ata_device class and the {@code wwid} attribute: 2.6 kernels). udev's persistent-storage rules make
 * {@code ata-$env{ID_SERIAL}} (ata_id) and {@code scsi-$env{ID_SERIAL}} (scsi_id; libata's VPD page 0x83 gives
 * {@code SATA_} before it), where {@code ID_SERIAL} is {@code MODEL_SERIAL}: the IDENTIFY model and serial with
 * whitespace runs as {@code _} ({@link UdevValues#replaceWhitespace}); and {@code wwn-$env{ID_WWN}}. Where the model
 * ends is not written in the name, so the serial is read only after a model known in full (IDENTIFY, the kernel
 * log's {@code ataN.NN: ATA-7: MODEL, FIRMWARE} line, or a SCSI inquiry model shorter than the 16 characters libata
 * cuts it to), and only when every such link says the same.
 */
final class UdevIdentity {
    private static final String[] SERIAL_LINKS = {"ata-", "scsi-SATA_"};

    private UdevIdentity() {
    }

    /** The WWN of the disk's {@code wwn-0x...} link ("0x50014ee2000000a1"), the first by name when there are several. */
    static Optional<String> wwn(List<String> byId) {
        String first = null;
        for (String id : byId) {
            if (id.startsWith("wwn-0x") && id.length() > "wwn-0x".length() && (first == null || id.compareTo(first) < 0)) {
                first = id;
            }
        }
        return first == null ? Optional.empty() : Optional.of(first.substring("wwn-".length()));
    }

    /**
     * The serial ({@code ID_SERIAL_SHORT}) in the disk's ata- and scsi-SATA_ links after one of {@code fullModels}
     * (null elements skipped); empty when no link has a known model in front or two links disagree.
     */
    static Optional<String> serial(List<String> byId, List<String> fullModels) {
        List<String> found = new ArrayList<>();
        for (String id : byId) {
            for (String prefix : SERIAL_LINKS) {
                if (!id.startsWith(prefix)) {
                    continue;
                }
                String idSerial = id.substring(prefix.length());
                for (String model : fullModels) {
                    String encoded = model == null ? "" : UdevValues.replaceWhitespace(model);
                    if (!encoded.isEmpty() && idSerial.length() > encoded.length() + 1 && idSerial.startsWith(encoded + "_")) {
                        String serial = idSerial.substring(encoded.length() + 1);
                        if (!found.contains(serial)) {
                            found.add(serial);
                        }
                    }
                }
            }
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }
}
