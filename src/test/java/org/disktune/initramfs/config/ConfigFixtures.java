package org.disktune.initramfs.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The real config files under src/test/resources/configs (see SOURCES.tsv there). */
final class ConfigFixtures {
    private ConfigFixtures() {
    }

    static Path dir(String sub) {
        try {
            return Path.of(ConfigFixtures.class.getResource("/configs/" + sub).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Path> files(String sub) {
        try (Stream<Path> s = Files.walk(dir(sub))) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
