package org.disktune.verify;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import java.util.List;

import org.disktune.boot.GrubDropIn;
import org.disktune.boot.KernelParameter;
import org.disktune.core.Sha256;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.OptionValidator;

/**
 * A bundled sample machine in Jimfs, by default seed-nforce4-arch (Arch 2.6.28, CK804 sata_nv with ADMA off, NCQ depth 0/32, gzip
 * kernel26 images without disktune's file) in Jimfs, and the steps of the report's story: disktune writes
 * {@code options sata_nv adma=1} (journaled with a boot ID), the image gets rebuilt, the machine reboots.
 */
public final class VerifyMachine {
    public static final String SAMPLE = "seed-nforce4-arch";
    /** The boot ID the sample carries. */
    public static final String FIRST_BOOT = "3f2b9c1e-6a0d-4e55-9b8e-a1b2c3d4e5f6";
    public static final String NEXT_BOOT = "5c1d8e2a-0b3f-4c6d-9e7a-112233445566";
    public static final String JOURNAL_ID = "20261130T120000Z-0001";
    public static final String QUEUE_DEPTH = "/sys/devices/pci0000:00/0000:00:07.0/host2/target2:0:0/2:0:0:0/queue_depth";
    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T13:00:00Z"), ZoneOffset.UTC);

    private final Path root;
    private byte[] modprobeFile;

    /** The nForce4 machine. */
    public VerifyMachine() {
        this(SAMPLE);
    }

    /** Any bundled sample. */
    public VerifyMachine(String sample) {
        root = new SampleMachines().materialize(sample);
    }

    public Path root() {
        return root;
    }

    public RootedHost host() {
        return new RootedHost(root, new RefusingCommandRunner("a test machine"), new FileKernelLog(root.resolve("var/log/dmesg")), CLOCK, true);
    }

    /** disktune writes sata_nv adma=1 (or other options) in the boot {@code bootId}, and journals it. */
    public VerifyMachine writeOptions(String bootId, String module, String parameter, String value) {
        modprobeFile = new DisktuneModprobeFile(new OptionValidator(DriverCatalog.load()))
                .render(DesiredModuleOptions.none().with(module, parameter, value));
        write(DisktuneModprobeFile.PATH, modprobeFile);
        journal(bootId, "set " + module + " " + parameter + "=" + value, "module options", DisktuneModprobeFile.PATH, modprobeFile);
        return this;
    }

    /**
     * disktune writes {@code parameters} to GRUB's drop-in in the boot {@code bootId} (this sample has no boot loader, so
     * verify looks for disktune's file where the GRUB on Debian writer puts it), and journals it.
     */
    public VerifyMachine writeCommandLine(String bootId, KernelParameter... parameters) {
        byte[] dropIn = GrubDropIn.render(List.of(parameters));
        write(GrubDropIn.PATH, dropIn);
        return journal(bootId, "apply /etc/disktune/disktune.conf", "kernel command line", GrubDropIn.PATH, dropIn);
    }

    /** Journal entry {@value #JOURNAL_ID}, made in the boot {@code bootId}, that wrote {@code bytes} to the machine file {@code path}. */
    private VerifyMachine journal(String bootId, String description, String reason, String path, byte[] bytes) {
        String sha = Sha256.of(bytes);
        return write("/var/lib/disktune/journal/" + JOURNAL_ID + ".json", ("{\n"
                + "  \"id\" : \"" + JOURNAL_ID + "\",\n"
                + "  \"description\" : \"" + description + "\",\n"
                + "  \"state\" : \"applied\",\n"
                + "  \"time\" : \"2026-11-30T12:00:00Z\",\n"
                + "  \"boot_id\" : \"" + bootId + "\",\n"
                + "  \"changes\" : [ { \"kind\" : \"write-file\", \"reason\" : \"" + reason + "\", \"path\" : \"" + path
                + "\", \"new_sha256\" : \"" + sha + "\" } ],\n"
                + "  \"files\" : [ { \"path\" : \"" + path + "\", \"new_sha256\" : \"" + sha + "\" } ]\n"
                + "}\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The boot after a write of the command line: {@code cmdline} in /proc/cmdline, and a module's parameter as sysfs shows it. */
    public VerifyMachine bootWith(String bootId, String cmdline, String sysfsParameter, String value) {
        bootId(bootId);
        write("/proc/cmdline", cmdline + "\n");
        return write(sysfsParameter, value + "\n");
    }

    public VerifyMachine writeAdma(String bootId) {
        return writeOptions(bootId, "sata_nv", "adma", "1");
    }

    public VerifyMachine bootId(String id) {
        return write("/proc/sys/kernel/random/boot_id", (id + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Both kernel26 images rebuilt with the current /etc/modprobe.d/disktune.conf inside (uncompressed newc). */
    public VerifyMachine rebuildImages() {
        byte[] image = new Cpio().dir("etc").dir("etc/modprobe.d").file("etc/modprobe.d/disktune.conf", modprobeFile)
                .file("etc/mkinitcpio.conf", "HOOKS=\"base udev autodetect sata filesystems\"\n".getBytes(StandardCharsets.UTF_8)).bytes();
        write("/boot/kernel26.img", image);
        return write("/boot/kernel26-fallback.img", image);
    }

    /** The boot after the rebuild: ADMA mode, NCQ depth 31/32, queue_depth 31, adma=Y. */
    public VerifyMachine bootWithAdma(String bootId) {
        bootId(bootId);
        write("/sys/module/sata_nv/parameters/adma", "Y\n".getBytes(StandardCharsets.UTF_8));
        write(QUEUE_DEPTH, "31\n".getBytes(StandardCharsets.UTF_8));
        String log = read("/var/log/dmesg")
                .replace("ata3.00: 1465149168 sectors, multi 1: LBA48 NCQ (depth 0/32)", "ata3.00: 1465149168 sectors, multi 1: LBA48 NCQ (depth 31/32)")
                .replace("sata_nv 0000:00:07.0: setting latency timer to 64\n",
                        "sata_nv 0000:00:07.0: setting latency timer to 64\nsata_nv 0000:00:07.0: Using ADMA mode\n");
        return write("/var/log/dmesg", log.getBytes(StandardCharsets.UTF_8));
    }

    /** A reboot that changes nothing but the boot ID (the image still lacks the file, say). */
    public VerifyMachine reboot(String bootId) {
        return bootId(bootId);
    }

    public VerifyMachine write(String machinePath, byte[] content) {
        try {
            Path p = root.resolve(machinePath.substring(1));
            Files.createDirectories(p.getParent());
            Files.write(p, content);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public VerifyMachine write(String machinePath, String content) {
        return write(machinePath, content.getBytes(StandardCharsets.UTF_8));
    }

    public String read(String machinePath) {
        try {
            return Files.readString(root.resolve(machinePath.substring(1)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A cpio newc archive, as mkinitcpio's bsdcpio writes it uncompressed. */
    static final class Cpio {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private int inode = 100;

        Cpio dir(String name) {
            return entry(name, 040755, new byte[0]);
        }

        Cpio file(String name, byte[] content) {
            return entry(name, 0100644, content);
        }

        private Cpio entry(String name, int mode, byte[] content) {
            byte[] n = (name + "\0").getBytes(StandardCharsets.UTF_8);
            String header = String.format("070701%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x",
                    inode++, mode, 0, 0, 1, 1_228_000_000, content.length, 0, 0, 0, 0, n.length, 0);
            out.writeBytes(header.getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(n);
            pad();
            out.writeBytes(content);
            pad();
            return this;
        }

        private void pad() {
            while (out.size() % 4 != 0) {
                out.write(0);
            }
        }

        byte[] bytes() {
            entry("TRAILER!!!", 0, new byte[0]);
            while (out.size() % 512 != 0) {
                out.write(0);
            }
            return out.toByteArray();
        }
    }
}
