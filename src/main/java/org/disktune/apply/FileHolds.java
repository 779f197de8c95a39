package org.disktune.apply;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.initramfs.image.UnifiedKernelImage;

/**
 * Every file in {@code files} exists and holds each of {@code words} when the check runs: the proof that a program
 * which regenerates a boot configuration (update-grub writing /boot/grub/grub.cfg) put in what disktune gave it.
 * A unified kernel image (a PE file, "MZ") holds the words of its {@code .cmdline} section only: that is the command
 * line its stub passes to the kernel ({@link #heldText}).
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

    /**
     * The text of {@code file} the words are looked for in: a PE file's {@code .cmdline} section (empty without one),
     * read by the same reader as {@code initramfs list} reads a UKI; else the whole file as UTF-8.
     */
    public static String heldText(Path file) throws IOException {
        byte[] magic;
        try (InputStream in = Files.newInputStream(file)) {
            magic = in.readNBytes(2);
        }
        if (magic.length == 2 && magic[0] == 'M' && magic[1] == 'Z') {
            return UnifiedKernelImage.commandLine(file).orElse("");
        }
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.fileHolds(this);
    }
}
