package org.disktune.apply;

import java.util.List;

/**
 * Every image in {@code images} holds each of {@code files} exactly as the host does when the check runs
 * (same bytes, or absent from both). {@code argv} is the command that rebuilt the images, named in the
 * message when an image was not written.
 */
public record ImageHolds(List<String> images, List<String> files, List<String> argv) implements Postcondition {
    public ImageHolds {
        images = List.copyOf(images);
        files = List.copyOf(files);
        argv = List.copyOf(argv);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.imageHolds(this);
    }
}
