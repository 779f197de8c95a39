package org.disktune.initramfs;

import java.util.List;

/** The files checked in one image. */
public record ImageCheck(String image, List<FileCheck> files) {
    public ImageCheck {
        files = List.copyOf(files);
    }

    public boolean ok() {
        return files.stream().allMatch(FileCheck::ok);
    }
}
