package org.disktune.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Renders a command's result: an aligned human view, or the same result as JSON. */
final class Output {
    /** Bumped when a JSON field is renamed or removed; adding fields keeps it. */
    static final int SCHEMA_VERSION = 1;

    private final PrintWriter out;
    private final boolean json;

    Output(PrintWriter out, boolean json) {
        this.out = out;
        this.json = json;
    }

    boolean json() {
        return json;
    }

    /** Prints {@code result} as JSON (with schema_version and command) or through {@code human}. */
    <T> void render(String command, T result, Consumer<PrintWriter> human) {
        if (json) {
            out.println(Json.text(command, result));
        } else {
            human.accept(out);
        }
        out.flush();
    }

    /**
     * The JSON side in a class of its own, initialized (JLS 12.4.1) and verified on the first --json render: a
     * command without --json loads none of Jackson's classes (about 400, a fifth of a short command's start).
     */
    private static final class Json {
        private static final ObjectMapper MAPPER = new ObjectMapper()
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

        static String text(String command, Object result) {
            ObjectNode node = MAPPER.createObjectNode();
            node.put("schema_version", SCHEMA_VERSION);
            node.put("command", command);
            node.setAll((ObjectNode) MAPPER.valueToTree(result));
            try {
                return MAPPER.writeValueAsString(node);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot render JSON", e);
            }
        }
    }
}
