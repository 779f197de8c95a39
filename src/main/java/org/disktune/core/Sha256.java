package org.disktune.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in lower-case hex, of bytes or of a file read as a stream. */
public final class Sha256 {
    private Sha256() {
    }

    public static String of(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    /** The hash of what {@code in} holds, read to its end. */
    public static String of(InputStream in) throws IOException {
        MessageDigest digest = digest();
        new DigestInputStream(in, digest).transferTo(java.io.OutputStream.nullOutputStream());
        return HexFormat.of().formatHex(digest.digest());
    }

    /** The hash of a file's content, or null when it does not exist. */
    public static String ofFile(Path file) throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        MessageDigest digest = digest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
