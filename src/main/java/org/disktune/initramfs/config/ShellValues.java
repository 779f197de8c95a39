package org.disktune.initramfs.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evaluates the plain assignments of a bash config file the way bash would for the simple cases
 * configuration files use: scalars, arrays, {@code +=}, {@code $VAR}/{@code ${VAR}} expansion
 * (not inside single quotes; an unset variable is left as written) and {@code source FILE} / {@code . FILE} through a resolver.
 */
final class ShellValues {
    private static final Pattern VAR = Pattern.compile("\\$(?:\\{([A-Za-z_][A-Za-z0-9_]*)\\}|([A-Za-z_][A-Za-z0-9_]*))");
    final Map<String, String> scalars = new LinkedHashMap<>();
    final Map<String, List<String>> arrays = new LinkedHashMap<>();
    final List<String> sourced = new ArrayList<>();

    void run(String label, String text, Function<String, Optional<String>> resolver, int depth) {
        for (ShellStatement s : ShellConfigScanner.scan(label, text)) {
            if (s instanceof ShellStatement.Assignment a) {
                assign(a, text);
            } else if (s instanceof ShellStatement.Command c && c.words().size() >= 2
                    && (c.words().get(0).equals("source") || c.words().get(0).equals("."))) {
                String file = expand(c.words().get(1));
                sourced.add(file);
                if (depth < 4) {
                    resolver.apply(file).ifPresent(t -> run(file, t, resolver, depth + 1));
                }
            }
        }
    }

    private void assign(ShellStatement.Assignment a, String text) {
        if (a.form() == ValueForm.ARRAY) {
            List<String> values = new ArrayList<>();
            for (ShellWord w : a.words()) {
                String raw = text.substring(w.start(), w.end());
                values.add(raw.startsWith("'") ? w.value() : expand(w.value()));
            }
            List<String> target = a.append() ? new ArrayList<>(arrays.getOrDefault(a.name(), List.of())) : new ArrayList<>();
            target.addAll(values);
            arrays.put(a.name(), target);
            scalars.put(a.name(), target.isEmpty() ? "" : target.get(0));
            return;
        }
        String content = text.substring(a.contentStart(), a.contentEnd());
        String value = switch (a.form()) {
            case SINGLE_QUOTED -> content;
            case DOUBLE_QUOTED -> expand(content);
            default -> a.words().isEmpty() ? "" : expand(a.words().get(0).value());
        };
        String full = a.append() ? scalars.getOrDefault(a.name(), "") + value : value;
        scalars.put(a.name(), full);
        arrays.put(a.name(), splitWords(full));
    }

    String expand(String s) {
        Matcher m = VAR.matcher(s);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            m.appendReplacement(b, Matcher.quoteReplacement(scalars.containsKey(name) ? scalars.get(name) : m.group()));
        }
        m.appendTail(b);
        return b.toString();
    }

    static List<String> splitWords(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : List.of(t.split("\\s+"));
    }
}
