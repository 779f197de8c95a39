package org.disktune.initramfs.image;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Writes cpio newc (or newc-crc) archives for tests, with full control over every header field. */
final class CpioNewcWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final boolean crc;
    private long nextInode = 1000;

    CpioNewcWriter(boolean crc) {
        this.crc = crc;
    }

    CpioNewcWriter() {
        this(false);
    }

    CpioNewcWriter file(String name, String content) {
        return file(name, content.getBytes(StandardCharsets.UTF_8));
    }

    CpioNewcWriter file(String name, byte[] content) {
        return entry(name, 0100644, nextInode++, 1, content, content.length);
    }

    CpioNewcWriter dir(String name) {
        return entry(name, 040755, nextInode++, 2, new byte[0], 0);
    }

    CpioNewcWriter symlink(String name, String target) {
        byte[] t = target.getBytes(StandardCharsets.UTF_8);
        return entry(name, 0120777, nextInode++, 1, t, t.length);
    }

    CpioNewcWriter charDevice(String name) {
        return entry(name, 020600, nextInode++, 1, new byte[0], 0);
    }

    /** One name of a hard-link group: same inode, nlink = links, data only where given. */
    CpioNewcWriter link(String name, long inode, int links, byte[] content) {
        return entry(name, 0100755, inode, links, content, content.length);
    }

    /** An entry whose header may lie: declaredSize need not match data.length. */
    CpioNewcWriter entry(String name, int mode, long inode, int links, byte[] data, long declaredSize) {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        long sum = 0;
        for (byte b : data) {
            sum += b & 0xFF;
        }
        StringBuilder h = new StringBuilder(crc ? "070702" : "070701");
        long[] fields = {inode, mode, 0, 0, links, 1700000000L, declaredSize, 8, 1, 0, 0, nameBytes.length + 1L, crc ? sum & 0xFFFFFFFFL : 0};
        for (long f : fields) {
            h.append(String.format("%08X", f));
        }
        write(h.toString().getBytes(StandardCharsets.US_ASCII));
        write(nameBytes);
        out.write(0);
        pad();
        write(data);
        pad();
        return this;
    }

    /** Writes raw bytes (for malformed archives). */
    CpioNewcWriter raw(byte[] bytes) {
        write(bytes);
        return this;
    }

    CpioNewcWriter trailer() {
        return entry("TRAILER!!!", 0, 0, 1, new byte[0], 0);
    }

    /** The archive with a trailer, padded to 512 bytes as GNU cpio does. */
    byte[] finish() {
        trailer();
        while (out.size() % 512 != 0) {
            out.write(0);
        }
        return out.toByteArray();
    }

    /** The bytes written so far, without trailer or padding. */
    byte[] bytes() {
        return out.toByteArray();
    }

    private void pad() {
        while (out.size() % 4 != 0) {
            out.write(0);
        }
    }

    private void write(byte[] b) {
        out.write(b, 0, b.length);
    }
}
