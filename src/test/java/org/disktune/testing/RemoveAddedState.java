package org.disktune.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For tests that run disktune against this machine (root tiers): remembers what /var/lib/disktune holds before each
 * test and removes what the test added (journal entries, backups, stored benchmark results) after it, deepest first.
 * What was there before is left as it was. Use with {@code @ExtendWith(RemoveAddedState.class)}.
 */
public final class RemoveAddedState implements BeforeEachCallback, AfterEachCallback {
    public static final Path STATE = Path.of("/var/lib/disktune");
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RemoveAddedState.class);

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        context.getStore(NAMESPACE).put("before", Set.copyOf(listing()));
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        @SuppressWarnings("unchecked")
        Set<Path> before = context.getStore(NAMESPACE).get("before", Set.class);
        List<Path> added = new ArrayList<>(listing());
        added.removeAll(before);
        added.sort(Comparator.comparing(Path::getNameCount).reversed());
        for (Path p : added) {
            Files.deleteIfExists(p);
        }
    }

    private static List<Path> listing() throws IOException {
        if (!Files.exists(STATE)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(STATE)) {
            return s.toList();
        }
    }
}
