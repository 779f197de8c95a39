package org.disktune.initramfs.config;

import java.util.List;

/** A top-level statement of a bash-syntax configuration file (mkinitcpio.conf, presets, dracut.conf). */
public sealed interface ShellStatement permits ShellStatement.Assignment, ShellStatement.Command {

    int line();

    /**
     * {@code NAME=value} or {@code NAME+=value}; {@code name} includes a subscript when present
     * ({@code PRESET_NAME[0]}). Offsets: the statement starts at {@code start}; the value spans
     * [valueStart, valueEnd); its inside (between the parentheses or quotes) is [contentStart,
     * contentEnd). {@code words} are the elements (array) or the whitespace-separated words
     * (quoted string) or the single word (unquoted).
     */
    record Assignment(String name, boolean append, ValueForm form, int start, int valueStart, int valueEnd,
                      int contentStart, int contentEnd, List<ShellWord> words, int line) implements ShellStatement {
        public Assignment {
            words = List.copyOf(words);
        }

        public List<String> values() {
            return words.stream().map(ShellWord::value).toList();
        }
    }

    /** Any other simple command, e.g. {@code source /etc/mkinitcpio.d/kernel26.kver}. */
    record Command(List<String> words, int line) implements ShellStatement {
        public Command {
            words = List.copyOf(words);
        }
    }
}
