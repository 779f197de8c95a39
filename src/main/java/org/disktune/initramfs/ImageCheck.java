package org.disktune.initramfs;

import java.util.List;

/** The files checked in one image; {@code kernel} is the installed kernel it belongs to, null when not known. */
public record ImageCheck(String image, String kernel, List<FileCheck> files) {
    public ImageCheck {
        files = List.copyOf(files);
    }

    public boolean ok() {
        return files.stream().allMatch(FileCheck::ok);
    }
}
