package org.disktune.initramfs.rebuild;

import java.util.List;
import org.disktune.initramfs.rebuild.RebuildStep;

/** One generator run: its argument list, the images it rewrites, and the kernels they belong to. */
public record RebuildStep(List<String> argv, List<String> images, List<String> kernels) {
    public RebuildStep {
        argv = List.copyOf(argv);
        images = List.copyOf(images);
        kernels = List.copyOf(kernels);
    }
}
