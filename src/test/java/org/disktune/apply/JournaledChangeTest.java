package org.disktune.apply;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.disktune.apply.PlanExecutorTest.CONF;
import static org.disktune.apply.PlanExecutorTest.OPTIONS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.disktune.core.StateJson;
import org.junit.jupiter.api.Test;

/**
 * The journal's changes are typed: each kind of release 0.1.0's journal files reads as its own record, writes back
 * under the same names, and every kind the sealed type permits is registered with Jackson under one name.
 */
class JournaledChangeTest {
    private static final ObjectMapper JSON = StateJson.mapper();

    private static List<Path> releaseJournals() throws IOException, URISyntaxException {
        Path root = Path.of(JournaledChangeTest.class.getResource("/journal/release-0.1.0").toURI());
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().contains("/var/lib/disktune/journal/") && p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyKindOfTheReleasesJournalsReadsAsItsRecordAndWritesBackTheSameValues() throws Exception {
        Map<String, String> kinds = new TreeMap<>();
        for (Path file : releaseJournals()) {
            JsonNode written = JSON.readTree(file.toFile());
            JournalEntry entry = JSON.readValue(file.toFile(), JournalEntry.class);
            assertEquals(written.get("changes").size(), entry.changes().size(), file.toString());
            for (int i = 0; i < entry.changes().size(); i++) {
                JsonNode before = written.get("changes").get(i);
                JsonNode after = JSON.valueToTree(entry.changes().get(i));
                kinds.put(before.get("kind").asText(), entry.changes().get(i).getClass().getSimpleName());
                assertEquals(before.get("kind"), after.get("kind"));
                // every field the new record writes is one the release wrote, with the same value
                after.fieldNames().forEachRemaining(f -> assertEquals(before.get(f), after.get(f), file + " " + f));
                // and every non-empty field the release wrote is kept
                before.fieldNames().forEachRemaining(f -> assertTrue(before.get(f).isEmpty() && before.get(f).isArray()
                        || before.get(f).equals(after.get(f)), file + " " + f));
            }
            assertEquals(entry, JSON.readValue(JSON.writeValueAsBytes(entry), JournalEntry.class), file.toString());
        }
        assertEquals(Map.of("delete-file", "FileDelete", "program-setting", "SettingRun", "run-program", "ProgramRun",
                "verify", "Check", "write-attribute", "AttributeWrite", "write-file", "FileWrite"), kinds);
    }

    @Test
    void everyPermittedKindIsRegisteredUnderItsOwnName() {
        Set<Class<?>> permitted = Arrays.stream(JournaledChange.class.getPermittedSubclasses()).collect(Collectors.toSet());
        JsonSubTypes.Type[] types = JournaledChange.class.getAnnotation(JsonSubTypes.class).value();
        assertEquals(permitted, Arrays.stream(types).map(JsonSubTypes.Type::value).collect(Collectors.toSet()));
        assertEquals(types.length, Arrays.stream(types).map(JsonSubTypes.Type::name).collect(Collectors.toCollection(TreeSet::new)).size());
    }

    @Test
    void aFileWriteIsJournaledWithTheFieldsOfAFileWriteOnly() throws IOException {
        JimfsMachine machine = new JimfsMachine();
        JournalEntry entry = new PlanExecutor(PostconditionChecker.NONE)
                .apply(machine.host, Plan.of(new WriteFile(CONF, null, OPTIONS, "options")), "apply").orElseThrow();
        JsonNode change = JSON.readTree(machine.read(Journal.DIRECTORY + "/" + entry.id() + ".json")).get("changes").get(0);
        assertEquals(List.of("kind", "reason", "path", "new_sha256"), names(change));
        assertArrayEquals(OPTIONS, machine.read(CONF));
        assertFalse(new String(machine.read(Journal.DIRECTORY + "/" + entry.id() + ".json"), UTF_8).contains("undo_argv"));
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
