package org.disktune.apply;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Every file in {@code files} exists and holds each of {@code words} when the check runs: the proof that a program
 * which regenerates a boot configuration (update-grub writing /boot/grub/grub.cfg) put in what disktune gave it.
 * A unified kernel image (a PE file, "MZ") holds the words of its {@code .cmdline} section only: that is the command
 * line its stub passes to the kernel (the {@link TextReader} given to the check reads it).
 * {@code argv} is that program, named in the message.
 */
public record FileHolds(List<String> files, List<String> words, List<String> argv) implements Postcondition {
    public FileHolds {
        files = List.copyOf(files);
        words = List.copyOf(words);
        argv = List.copyOf(argv);
        files.forEach(MachinePaths::requireAbsolute);
    }

    /** The words {@code text} (a file's content) lacks, in order; empty when it holds them all. */
    public List<String> lacking(String text) {
        return words.stream().filter(w -> !text.contains(w)).toList();
    }

    /** How the text of a file is read for the check (a UKI's .cmdline section: {@code UnifiedKernelImage.proofText}). */
    @FunctionalInterface
    public interface TextReader {
        String text(Path file) throws IOException;
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.fileHolds(this);
    }
}
