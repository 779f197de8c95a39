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
    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

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
            ObjectNode node = JSON.createObjectNode();
            node.put("schema_version", SCHEMA_VERSION);
            node.put("command", command);
            node.setAll((ObjectNode) JSON.valueToTree(result));
            try {
                out.println(JSON.writeValueAsString(node));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot render JSON", e);
            }
        } else {
            human.accept(out);
        }
        out.flush();
    }
}
