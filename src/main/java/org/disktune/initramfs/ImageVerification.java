package org.disktune.initramfs;

import java.util.List;

/** The result of checking files inside one or more images; notes say what was (not) checked and why. */
public record ImageVerification(List<ImageCheck> images, List<String> notes) {
    public ImageVerification {
        images = List.copyOf(images);
        notes = List.copyOf(notes);
    }

    public boolean ok() {
        return images.stream().allMatch(ImageCheck::ok);
    }
}
