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

    /** Every file is there with the host's bytes, and the kernel unpacks the image to its end. */
    public boolean ok() {
        return unpackError == null && files.stream().allMatch(FileCheck::ok);
    }

    /**
     * The one line naming where the kernel stops unpacking the image and what the next boot loses; null when it
     * unpacks all of it.
     */
    public String unpackProblem() {
        return unpackError == null ? null : "the kernel stops unpacking " + image + " at " + unpackError.where() + " (archive "
                + unpackError.archive() + "): " + unpackError.problem() + "; lost at boot: " + unpackError.lost();
    }
}
