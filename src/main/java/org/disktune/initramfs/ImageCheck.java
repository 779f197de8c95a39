package org.disktune.initramfs;

import java.util.List;

import org.disktune.initramfs.image.ImageError;

/**
 * The files checked in one image; {@code kernel} is the installed kernel it belongs to, null when not
 * known; {@code unpackError} the error at which the kernel stops unpacking the image (it keeps the
 * files before it and boots on), null when it unpacks all of it.
 */
public record ImageCheck(String image, String kernel, List<FileCheck> files, ImageError unpackError) {
    public ImageCheck {
        files = List.copyOf(files);
    }

    public ImageCheck(String image, String kernel, List<FileCheck> files) {
        this(image, kernel, files, null);
    }

    public boolean ok() {
        return files.stream().allMatch(FileCheck::ok);
    }
}
