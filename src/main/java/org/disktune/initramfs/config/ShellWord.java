package org.disktune.initramfs.config;

/** A word of a shell value: its raw span [start, end) in the text and its unquoted value. */
public record ShellWord(int start, int end, String value) {
}
