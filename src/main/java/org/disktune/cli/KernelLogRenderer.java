package org.disktune.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.disktune.kernel.AtaDeviceLog;
import org.disktune.kernel.ControllerLog;
import org.disktune.kernel.IdeDiskLog;
import org.disktune.kernel.NvmeControllerLog;
import org.disktune.kernel.NvmeTrouble;
import org.disktune.verify.AtaDeviceFacts;
import org.disktune.verify.BootFacts;
import org.disktune.verify.KernelLogFacts;
import org.disktune.verify.NcqText;

/**
 * The human view of a kernel log: its source and notes, then per boot the controllers' modes, ATA devices, IDE drives,
 * and NVMe controllers with their trouble lines.
 */
final class KernelLogRenderer {
    void print(KernelLogFacts facts, PrintWriter out) {
        out.println("Kernel log " + facts.source() + ": " + facts.linesRead() + " kernel lines, "
                + facts.bootsSeen() + (facts.bootsSeen() == 1 ? " boot" : " boots"));
        for (String note : facts.notes()) {
            out.println("note: " + note);
        }
        boolean several = facts.boots().size() > 1;
        for (BootFacts boot : facts.boots()) {
            out.println();
            out.println((several ? "Boot " + boot.index() + ": kernel " : "Kernel ")
                    + (boot.kernelVersion() == null ? "unknown (no 'Linux version' line)" : boot.kernelVersion()));
            List<ControllerLog> modes = boot.controllers().stream().filter(c -> c.mode() != null).toList();
            if (!modes.isEmpty()) {
                TableRenderer t = new TableRenderer("CONTROLLER", "DRIVER", "MODE");
                modes.forEach(c -> t.row(c.pciAddress(), c.driver(), c.mode()));
                t.print(out);
            }
            if (!boot.ataDevices().isEmpty()) {
                TableRenderer t = new TableRenderer("ATA", "DISK", "MODEL", "FIRMWARE", "SECTORS", "LBA", "NCQ", "LINK", "MODE", "FORCED");
                for (AtaDeviceFacts f : boot.ataDevices()) {
                    AtaDeviceLog d = f.device();
                    t.row(f.id(), f.blockDevice(), d.model(), d.firmware(), d.sectors(), d.addressing(), NcqText.of(d),
                            link(f), d.transferMode(), forced(f));
                }
                t.print(out);
            }
            // a drive position named only by the channel's "BIOS settings: hdg:pio" line holds no drive
            List<IdeDiskLog> drives = boot.ideDisks().stream().filter(d -> d.model() != null || d.sectors() != null).toList();
            if (!drives.isEmpty()) {
                TableRenderer t = new TableRenderer("IDE", "MODEL", "MEDIA", "SECTORS", "CACHE_KIB", "DMA", "MODE", "BIOS");
                for (IdeDiskLog d : drives) {
                    t.row(d.name(), d.model(), d.media(), d.sectors(), d.cacheKib(), d.dmaMode(), d.selectedMode(), d.biosSetting());
                }
                t.print(out);
            }
            nvme(boot.nvmeControllers(), out);
            if (boot.noDisks()) {
                out.println("No ATA device and no IDE drive in the kernel log"
                        + (boot.complete() ? "." : " (the log does not reach back to the boot's probe)."));
            }
        }
    }

    private static void nvme(List<NvmeControllerLog> controllers, PrintWriter out) {
        if (controllers.isEmpty()) {
            return;
        }
        out.println(); // its trouble lines follow the table: apart from the ATA and IDE tables, as detect sets its tables apart
        TableRenderer t = new TableRenderer("NVME", "PCI", "TROUBLE");
        controllers.forEach(c -> t.row(c.name(), c.pciAddress(), c.troubleLines() == 0 ? "none"
                : c.troubleLines() + (c.troubleLines() == 1 ? " line: " : " lines: ")
                        + String.join(", ", c.trouble().stream().map(x -> x.kind().name().toLowerCase(java.util.Locale.ROOT)).distinct().toList())));
        t.print(out);
        for (NvmeControllerLog c : controllers) {
            for (NvmeTrouble line : c.trouble()) {
                out.println("  " + line.message());
            }
        }
    }

    private static String link(AtaDeviceFacts f) {
        if (f.link() == null || (!f.link().up() && f.link().sStatus() == null)) {
            return null;
        }
        return f.link().up() ? (f.link().speed() == null ? "up" : f.link().speed()) : "down";
    }

    private static String forced(AtaDeviceFacts f) {
        List<String> all = new ArrayList<>(f.device().forcedQuirks());
        if (f.link() != null) {
            all.addAll(f.link().forceLines());
        }
        return all.isEmpty() ? null : String.join("; ", all);
    }
}
