package org.disktune.initramfs.rebuild;

import java.util.List;
import org.disktune.initramfs.rebuild.RebuildResult;

/**
 * The outcome of {@code initramfs rebuild} (JSON: snake_case): the generator, kernels and images,
 * the plan shown (commands and checks), and the journal entry (null for a dry run).
 */
public record RebuildResult(boolean dryRun, String generator, List<String> kernels, List<String> images, List<List<String>> commands,
        String plan, String journalId, String bootId, List<String> notes) {
    public RebuildResult {
        kernels = List.copyOf(kernels);
        images = List.copyOf(images);
        commands = commands.stream().map(List::copyOf).toList();
        notes = List.copyOf(notes);
    }
}
