package org.disktune.detect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.kernel.AtaDeviceLog;

/**
 * Who a disk is: model, serial, firmware and WWN, from IDENTIFY where the kernel shows it, else the block and device
 * attributes, the SCSI VPD page 0x80, legacy IDE's /proc/ide, the kernel log's probe line and udev's by-id names.
 */
final class DiskIdentityReader {
    /** A disk's identity; any part may be null. */
    record Identity(String model, String serial, String firmware, String wwn) {
    }

    private final SysfsTree tree;

    DiskIdentityReader(SysfsTree tree) {
        this.tree = tree;
    }

    /**
     * The identity of disk name: blockDir is its block directory, dev its device directory (or blockDir), identify its
     * ata_device's IDENTIFY data (or null), legacyIde whether /proc/ide shows it, probed its kernel log probe lines.
     */
    Identity read(String name, Path blockDir, Path dev, IdentifyData identify, boolean legacyIde, List<String> byId,
            Optional<AtaDeviceLog> probed) {
        SysfsAttributes sysfs = tree.attributes();
        String deviceModel;
        if (identify != null && identify.model() != null) {
            deviceModel = identify.model();
        } else {
            deviceModel = sysfs.word(dev.resolve("model")).orElse(null);
            if (deviceModel == null && legacyIde) {
                deviceModel = sysfs.word(tree.path("/proc/ide/" + name + "/model")).orElse(null);
            }
        }
        String serial;
        if (identify != null && identify.serial() != null) {
            serial = identify.serial();
        } else {
            serial = sysfs.word(blockDir.resolve("serial"))
                    .or(() -> sysfs.word(dev.resolve("serial")))
                    .or(() -> vpdSerial(tree.host().contain(dev.resolve("vpd_pg80"))))
                    .orElse(null);
        }
        // before the ata_device class: legacy IDE shows IDENTIFY in /proc/ide/hdX/identify, libata only udev's by-id names
        IdentifyData ideIdentify = identify == null && legacyIde ? tree.identify(tree.path("/proc/ide/" + name + "/identify")) : null;
        if (serial == null && ideIdentify != null) {
            serial = ideIdentify.serial();
        }
        if (serial == null) {
            serial = UdevIdentity.serial(byId, fullModels(deviceModel, legacyIde, ideIdentify, probed)).orElse(null);
        }
        String firmware;
        if (identify != null && identify.firmware() != null) {
            firmware = identify.firmware();
        } else {
            firmware = sysfs.word(dev.resolve("firmware_rev")).or(() -> sysfs.word(dev.resolve("rev"))).orElse(null);
        }
        String model = deviceModel == null && probed.isPresent() ? probed.get().model() : deviceModel;
        return new Identity(model, serial, firmware, wwn(blockDir, dev, identify, ideIdentify, byId));
    }

    private String wwn(Path blockDir, Path dev, IdentifyData identify, IdentifyData ideIdentify, List<String> byId) {
        SysfsAttributes sysfs = tree.attributes();
        String wwn;
        if (identify != null && identify.wwn() != null) {
            wwn = identify.wwn();
        } else {
            wwn = sysfs.word(blockDir.resolve("wwid")).or(() -> sysfs.word(dev.resolve("wwid"))).orElse(null);
            if (wwn != null && !(wwn.startsWith("naa.") || wwn.startsWith("eui.") || wwn.startsWith("nvme."))) {
                wwn = null;
            }
        }
        if (wwn == null && ideIdentify != null) {
            wwn = ideIdentify.wwn();
        }
        if (wwn == null) {
            wwn = UdevIdentity.wwn(byId).orElse(null);
        }
        return wwn;
    }

    /**
     * The models known in full, which a by-id name's serial follows: IDENTIFY's, the kernel log's probe line, and the
     * model attribute when it cannot have been cut (legacy IDE's 40 characters; a SCSI inquiry model shorter than the 16
     * libata cuts it to).
     */
    private static List<String> fullModels(String deviceModel, boolean legacyIde, IdentifyData ideIdentify, Optional<AtaDeviceLog> probed) {
        List<String> models = new ArrayList<>();
        if (ideIdentify != null) {
            models.add(ideIdentify.model());
        }
        probed.ifPresent(log -> models.add(log.model()));
        if (deviceModel != null && (legacyIde || deviceModel.length() < 16)) {
            models.add(deviceModel);
        }
        return models;
    }

    /** The unit serial number of a SCSI VPD page 0x80, or empty. */
    private static Optional<String> vpdSerial(Path vpd) {
        try {
            if (!Files.isRegularFile(vpd)) {
                return Optional.empty();
            }
            byte[] page = Files.readAllBytes(vpd);
            if (page.length < 5 || (page[1] & 0xff) != 0x80) {
                return Optional.empty();
            }
            int length = Math.min(((page[2] & 0xff) << 8) | (page[3] & 0xff), page.length - 4);
            String serial = new String(page, 4, length, StandardCharsets.US_ASCII).strip();
            return serial.isEmpty() || !SysfsAttributes.isPrintableAscii(serial) ? Optional.empty() : Optional.of(serial);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
