package org.disktune.initramfs.image;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * A file's data as the scanner's sink sees it: exactly its bytes (EOFException naming it when the image
 * ends first), summed for the 070702 check; closing it does not close the archive.
 */
final class EntryData extends InputStream {
    private final InputStream in;
    private final String what;
    private final boolean summed;
    private final byte[] scratch;
    private long remaining;
    private long sum;

    /**
     * {@code summed}: add up the bytes (the newc-crc "070702" checksum); plain newc has none to check.
     * {@code scratch}: the scanner's buffer, where skipped data goes (one buffer for all entries).
     */
    EntryData(InputStream in, long size, String what, boolean summed, byte[] scratch) {
        this.in = in;
        this.remaining = size;
        this.what = what;
        this.summed = summed;
        this.scratch = scratch;
    }

    /**
     * Passes over up to n bytes of the data (still summed, so the checksum holds) through the scanner's buffer:
     * returns how many, EOFException naming the entry when the image ends first, as read does.
     */
    @Override
    public long skip(long n) throws IOException {
        long skipped = 0;
        while (skipped < n && remaining > 0) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (remaining == 0) {
            return -1;
        }
        if (len == 0) {
            return 0;
        }
        int r = in.read(b, off, (int) Math.min(len, remaining));
        if (r < 0) {
            throw new EOFException("truncated " + what);
        }
        if (summed) {
            for (int i = off; i < off + r; i++) {
                sum += b[i] & 0xFF;
            }
        }
        remaining -= r;
        return r;
    }

    /** The rest of the data (for the checksum, and to reach the next header). */
    void drain() throws IOException {
        skip(remaining);
    }

    /** The 070702 checksum of the bytes read so far: their sum, modulo 2^32. */
    long checksum() {
        return sum & 0xFFFFFFFFL;
    }
}
