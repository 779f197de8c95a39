package org.disktune.initramfs.image;

/** The file type of a cpio entry (the S_IFMT bits of its mode). */
public enum EntryType {
    FILE, DIRECTORY, SYMLINK, CHAR_DEVICE, BLOCK_DEVICE, FIFO, SOCKET;

    /** The type of a cpio mode, or null when the S_IFMT bits name no file type. */
    static EntryType ofMode(long mode) {
        switch ((int) (mode & 0170000)) {
            case 0100000: return FILE;
            case 0040000: return DIRECTORY;
            case 0120000: return SYMLINK;
            case 0020000: return CHAR_DEVICE;
            case 0060000: return BLOCK_DEVICE;
            case 0010000: return FIFO;
            case 0140000: return SOCKET;
            default: return null;
        }
    }
}
