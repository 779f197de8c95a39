package org.disktune.config;

import java.util.Locale;

/**
 * One {@code match.*} key of a {@code [disk]} section. Every key of a section must hold for a disk to
 * match. Each knows its key as written, its {@link Specificity} and the line it came from.
 */
public sealed interface DiskMatch {
    /** The key as written in the file ("match.wwn"). */
    String key();

    /** The value as written. */
    String value();

    Specificity specificity();

    int line();

    boolean matches(DiskFacts disk);

    /** {@code match.wwn}: the World Wide Name, compared without case and without a "0x"/"naa." prefix. */
    record Wwn(String value, int line) implements DiskMatch {
        public String key() { return "match.wwn"; }
        public Specificity specificity() { return Specificity.IDENTITY; }
        public boolean matches(DiskFacts disk) {
            return disk.wwn() != null && normalize(disk.wwn()).equals(normalize(value));
        }
        /** The WWN without case and without a 0x, naa., eui. or wwn-0x prefix, as this match compares it. */
        public static String normalize(String wwn) {
            String w = wwn.strip().toLowerCase(Locale.ROOT);
            for (String prefix : new String[] {"0x", "naa.", "eui.", "wwn-0x"}) {
                if (w.startsWith(prefix)) {
                    return w.substring(prefix.length());
                }
            }
            return w;
        }
    }

    /** {@code match.serial}: the serial number, exactly. */
    record Serial(String value, int line) implements DiskMatch {
        public String key() { return "match.serial"; }
        public Specificity specificity() { return Specificity.IDENTITY; }
        public boolean matches(DiskFacts disk) {
            return value.equals(disk.serial());
        }
    }

    /** {@code match.by-id}: a name in /dev/disk/by-id (with or without that directory). */
    record ById(String value, int line) implements DiskMatch {
        public String key() { return "match.by-id"; }
        public Specificity specificity() { return Specificity.IDENTITY; }
        public boolean matches(DiskFacts disk) {
            String name = value.startsWith("/dev/disk/by-id/") ? value.substring("/dev/disk/by-id/".length()) : value;
            return disk.byId().contains(name);
        }
    }

    /** {@code match.model}: a glob over the model string. */
    record Model(Glob glob, int line) implements DiskMatch {
        public String key() { return "match.model"; }
        public String value() { return glob.text(); }
        public Specificity specificity() { return Specificity.PRODUCT; }
        public boolean matches(DiskFacts disk) {
            return glob.matches(disk.model());
        }
    }

    /** {@code match.vendor}: a glob over the vendor string (SCSI INQUIRY vendor; "ATA" for libata disks). */
    record Vendor(Glob glob, int line) implements DiskMatch {
        public String key() { return "match.vendor"; }
        public String value() { return glob.text(); }
        public Specificity specificity() { return Specificity.PRODUCT; }
        public boolean matches(DiskFacts disk) {
            return glob.matches(disk.vendor());
        }
    }

    /** {@code match.transport}: ata, scsi, nvme, virtio, usb, ide, loop or mmc. */
    record OfTransport(Transport transport, int line) implements DiskMatch {
        public OfTransport {
            if (!transport.matchable()) {
                throw new IllegalArgumentException("match.transport does not take " + transport);
            }
        }

        public String key() { return "match.transport"; }
        public String value() { return transport.label(); }
        public Specificity specificity() { return Specificity.CLASS; }
        public boolean matches(DiskFacts disk) {
            return transport == disk.transport();
        }
    }

    /** {@code match.rotational}: 1 for spinning disks, 0 for solid state. */
    record Rotational(boolean rotational, int line) implements DiskMatch {
        public String key() { return "match.rotational"; }
        public String value() { return rotational ? "1" : "0"; }
        public Specificity specificity() { return Specificity.CLASS; }
        public boolean matches(DiskFacts disk) {
            return disk.rotational() != null && disk.rotational() == rotational;
        }
    }

    /** {@code match.driver}: the driver of the disk's controller (sata_nv, ahci, nvme, virtio_blk ...). */
    record Driver(String value, int line) implements DiskMatch {
        public String key() { return "match.driver"; }
        public Specificity specificity() { return Specificity.CLASS; }
        public boolean matches(DiskFacts disk) {
            return value.equals(disk.driver());
        }
    }

    /** {@code match.md}: a member (whole disk or partition) of that md array. */
    record MemberOf(String value, int line) implements DiskMatch {
        public String key() { return "match.md"; }
        public Specificity specificity() { return Specificity.CLASS; }
        public boolean matches(DiskFacts disk) {
            return disk.mdArrays().contains(value);
        }
    }

    /** {@code match.name}: a glob over the kernel name; refused for disks with a stable identity unless forced. */
    record Name(Glob glob, boolean forced, int line) implements DiskMatch {
        public String key() { return "match.name"; }
        public String value() { return glob.text(); }
        public Specificity specificity() { return Specificity.NAME; }
        public boolean matches(DiskFacts disk) {
            return glob.matches(disk.name());
        }
    }
}
