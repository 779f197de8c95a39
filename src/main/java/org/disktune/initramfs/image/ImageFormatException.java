package org.disktune.initramfs.image;

import java.io.IOException;

/** A malformed image, found by this package's own decoders; the message is the one-line problem. */
final class ImageFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    ImageFormatException(String problem) {
        super(problem);
    }
}
