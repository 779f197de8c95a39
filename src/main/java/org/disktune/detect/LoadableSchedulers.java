package org.disktune.detect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.disktune.host.Host;

/**
 * The I/O schedulers the running kernel loads on demand: the {@code alias NAME-iosched MODULE} lines of
 * {@code /lib/modules/RELEASE/modules.alias} (or {@code /usr/lib/modules}). A scheduler built as a module is not in
 * {@code queue/scheduler} until it is loaded; a write of its name to {@code queue/scheduler} loads it, because the
 * block layer calls {@code request_module("%s-iosched", name)} for a name no loaded scheduler has (block/elevator.c,
 * elevator_change() / elevator_get() since the modular schedulers of 2.6.10), and modprobe finds the module through
 * the {@code MODULE_ALIAS("bfq-iosched")} of its source (Debian 12's 6.1 kernel: {@code alias bfq-iosched bfq}; its
 * mq-deadline is built in and shown in {@code queue/scheduler} from boot).
 */
final class LoadableSchedulers {
    private static final String SUFFIX = "-iosched";
    private static final class Patterns {
        static final Pattern RELEASE = Pattern.compile("[A-Za-z0-9_+~][A-Za-z0-9._+~-]*");
        static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    }

    /** A kernel release that names one directory, no separators. */
    static boolean isRelease(String s) {
        return Patterns.RELEASE.matcher(s).matches();
    }

    /** A scheduler name. */
    static boolean isName(String s) {
        return Patterns.NAME.matcher(s).matches();
    }

    private LoadableSchedulers() {
    }

    /** The scheduler names of a modules.alias text, sorted; lines that are not {@code alias X-iosched M} are ignored. */
    static List<String> parse(String aliases) {
        TreeSet<String> names = new TreeSet<>();
        int at = aliases.indexOf(SUFFIX + " ");
        while (at >= 0) {
            int lineStart = aliases.lastIndexOf('\n', at) + 1;
            int lineEnd = aliases.indexOf('\n', at);
            String line = aliases.substring(lineStart, lineEnd < 0 ? aliases.length() : lineEnd).strip();
            String[] fields = SysfsAttributes.words(line);
            if (fields.length == 3 && fields[0].equals("alias") && fields[1].endsWith(SUFFIX)) {
                String name = fields[1].substring(0, fields[1].length() - SUFFIX.length());
                if (isName(name)) {
                    names.add(name);
                }
            }
            at = lineEnd < 0 ? -1 : aliases.indexOf(SUFFIX + " ", lineEnd);
        }
        return List.copyOf(names);
    }

    /** The loadable schedulers of kernel {@code release} on the host; empty when its modules.alias is not there. */
    static List<String> read(Host host, String release) {
        if (release == null || !isRelease(release) || release.equals("..")) {
            return List.of();
        }
        for (String dir : List.of("/lib/modules/", "/usr/lib/modules/")) {
            Path aliases = host.path(dir + release + "/modules.alias");
            if (Files.isRegularFile(aliases)) {
                try {
                    // ISO-8859-1: every byte one char, no decoding errors; module names are ASCII
                    return parse(new String(Files.readAllBytes(aliases), StandardCharsets.ISO_8859_1));
                } catch (IOException e) {
                    return List.of();
                }
            }
        }
        return List.of();
    }
}
