package org.disktune.samples;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A minimal, independent reader of the {@code .machine} format, used only to check the bundled seed
 * samples (the real loader lives in main code and is written elsewhere). It keeps every entry, every
 * format error with its line number, and resolves symlinks the way the kernel's relative links
 * resolve: against the directory that holds the link.
 */
final class MachineFileChecker {

    sealed interface Entry permits Dir, Regular, Link {}

    record Dir() implements Entry {}

    record Regular(byte[] bytes) implements Entry {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    record Link(String target) implements Entry {}

    private final Map<String, Entry> entries = new TreeMap<>();
    private final List<String> errors = new ArrayList<>();

    private MachineFileChecker() {}

    static MachineFileChecker parse(String name, String text) {
        MachineFileChecker m = new MachineFileChecker();
        String[] lines = text.split("\n", -1);
        if (!text.endsWith("\n")) {
            m.errors.add(name + ": file does not end with a newline");
        }
        int n = lines.length - 1; // the part after the final newline is empty
        for (int i = 0; i < n; i++) {
            String line = lines[i];
            int no = i + 1;
            if (line.startsWith("#")) {
                continue;
            }
            if (line.isEmpty() || !line.startsWith("/")) {
                m.errors.add(name + ":" + no + ": not an entry: '" + line + "'");
                continue;
            }
            int sp = line.indexOf(' ');
            String path = sp < 0 ? line : line.substring(0, sp);
            String rest = sp < 0 ? "" : line.substring(sp + 1);
            if (rest.matches("mode=0?[0-7]{3} (= |=$|base64|<<).*")) { // a file's permission bits (0644 without)
                rest = rest.substring(rest.indexOf(' ') + 1);
            }
            if (sp < 0) {
                if (path.endsWith("/") && path.length() > 1) {
                    m.put(name, no, path.substring(0, path.length() - 1), new Dir());
                } else {
                    m.errors.add(name + ":" + no + ": no operator after path");
                }
            } else if (rest.startsWith("-> ")) {
                m.put(name, no, path, new Link(rest.substring(3)));
            } else if (rest.equals("=")) {
                m.put(name, no, path, new Regular("\n".getBytes(StandardCharsets.UTF_8)));
            } else if (rest.startsWith("= ")) {
                m.put(name, no, path, new Regular((rest.substring(2) + "\n").getBytes(StandardCharsets.UTF_8)));
            } else if (rest.startsWith("base64 ") || rest.equals("base64")) {
                try {
                    byte[] data = Base64.getDecoder().decode(rest.length() > 7 ? rest.substring(7) : "");
                    m.put(name, no, path, new Regular(data));
                } catch (IllegalArgumentException e) {
                    m.errors.add(name + ":" + no + ": bad base64");
                }
            } else if (rest.startsWith("<<") && rest.length() > 2 && !rest.contains(" ")) {
                String tag = rest.substring(2);
                StringBuilder body = new StringBuilder();
                int j = i + 1;
                while (j < n && !lines[j].equals(tag)) {
                    body.append(lines[j]).append('\n');
                    j++;
                }
                if (j >= n) {
                    m.errors.add(name + ":" + no + ": heredoc " + tag + " not closed");
                    break;
                }
                m.put(name, no, path, new Regular(body.toString().getBytes(StandardCharsets.UTF_8)));
                i = j;
            } else {
                m.errors.add(name + ":" + no + ": unknown operator in '" + line + "'");
            }
        }
        return m;
    }

    private void put(String name, int no, String path, Entry e) {
        if (path.contains("//") || path.endsWith("/")) {
            errors.add(name + ":" + no + ": bad path " + path);
        }
        if (entries.putIfAbsent(path, e) != null) {
            errors.add(name + ":" + no + ": duplicate " + path);
        }
    }

    List<String> errors() {
        return errors;
    }

    Map<String, Entry> entries() {
        return entries;
    }

    /** Paths of every symlink in the file. */
    List<String> links() {
        return entries.entrySet().stream().filter(e -> e.getValue() instanceof Link).map(Map.Entry::getKey)
                .collect(Collectors.toList());
    }

    /** The real path that {@code path} names after following links in every component, if it exists. */
    Optional<String> resolve(String path) {
        Deque<String> todo = new ArrayDeque<>(List.of(path.substring(1).split("/")));
        List<String> done = new ArrayList<>();
        int hops = 0;
        while (!todo.isEmpty()) {
            String part = todo.pollFirst();
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (!done.isEmpty()) {
                    done.remove(done.size() - 1);
                }
                continue;
            }
            done.add(part);
            String cur = "/" + String.join("/", done);
            Entry e = entries.get(cur);
            if (e instanceof Link l) {
                if (++hops > 40) {
                    return Optional.empty();
                }
                done.remove(done.size() - 1);
                if (l.target().startsWith("/")) {
                    done.clear();
                }
                String[] t = l.target().split("/");
                for (int k = t.length - 1; k >= 0; k--) {
                    todo.addFirst(t[k]);
                }
            } else if (e == null && !isImpliedDir(cur)) {
                return Optional.empty();
            }
        }
        return Optional.of("/" + String.join("/", done));
    }

    private boolean isImpliedDir(String p) {
        String prefix = p + "/";
        String next = ((TreeMap<String, Entry>) entries).ceilingKey(prefix);
        return next != null && next.startsWith(prefix);
    }

    boolean isDirectory(String path) {
        return resolve(path).map(r -> entries.get(r) instanceof Dir || (entries.get(r) == null && isImpliedDir(r)))
                .orElse(false);
    }

    boolean exists(String path) {
        return resolve(path).isPresent();
    }

    Optional<String> text(String path) {
        return resolve(path).map(entries::get).filter(Regular.class::isInstance).map(e -> ((Regular) e).text());
    }

    Optional<byte[]> bytes(String path) {
        return resolve(path).map(entries::get).filter(Regular.class::isInstance).map(e -> ((Regular) e).bytes());
    }

    /** Names directly under a directory (after resolving it), as the kernel would list them. */
    List<String> list(String dir) {
        String real = resolve(dir).orElseThrow(() -> new AssertionError("no directory " + dir));
        String prefix = real + "/";
        return entries.keySet().stream().filter(k -> k.startsWith(prefix))
                .map(k -> k.substring(prefix.length()).split("/")[0]).distinct().collect(Collectors.toList());
    }
}
