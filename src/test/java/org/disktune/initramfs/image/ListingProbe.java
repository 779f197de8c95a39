package org.disktune.initramfs.image;

import java.nio.file.FileSystems;

/** Run in a separate JVM with a small heap by BoundedMemoryTest: lists an image, prints each file's hash. */
public final class ListingProbe {
    private ListingProbe() {
    }

    public static void main(String[] args) {
        ImageListing listing = new InitramfsImageReader().list(FileSystems.getDefault().getPath(args[0]));
        for (ImageEntry e : listing.entries()) {
            System.out.println(e.path() + " " + e.size() + " " + e.sha256());
        }
    }
}
