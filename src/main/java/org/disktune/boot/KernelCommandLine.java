package org.disktune.boot;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The arguments of a kernel command line (/proc/cmdline, a boot loader entry, "Command line:" in the kernel log),
 * split as the kernel splits them: a port of {@code next_arg} in lib/cmdline.c, called by {@code parse_args} in
 * kernel/params.c. An argument ends at the first whitespace byte outside double quotes; a '"' toggles quoting
 * wherever it stands and there is no escape; the name ends at the first '='; one '"' right after that '=' and one
 * at the very end of the argument are dropped, as is one leading '"' of the whole argument with its closing one.
 * Arguments after a bare "--" belong to init ({@code parse_args} stops there) and are kept apart.
 *
 * @param kernel the arguments the kernel itself reads, in order
 * @param init   the arguments after "--", handed to init
 */
public record KernelCommandLine(List<Argument> kernel, List<String> init) {
    public KernelCommandLine {
        kernel = List.copyOf(kernel);
        init = List.copyOf(init);
    }

    /** One argument: its name and its value (empty for a bare word such as {@code quiet}). */
    public record Argument(String name, Optional<String> value) {
    }

    public static KernelCommandLine parse(String line) {
        List<Argument> kernel = new ArrayList<>();
        List<String> init = new ArrayList<>();
        int at = skipSpaces(line, 0);
        while (at < line.length()) {
            int start = at;
            boolean quoted = line.charAt(at) == '"';
            if (quoted) {
                start++;
            }
            boolean inQuote = quoted;
            int equals = -1;
            int end = start;
            for (; end < line.length(); end++) {
                char c = line.charAt(end);
                if (isSpace(c) && !inQuote) {
                    break;
                }
                if (equals < 0 && c == '=' && end > start) {
                    equals = end;
                }
                if (c == '"') {
                    inQuote = !inQuote;
                }
            }
            int valueEnd = end;
            boolean lastIsQuote = end > start && line.charAt(end - 1) == '"';
            Argument argument;
            if (equals < 0) {
                argument = new Argument(line.substring(start, quoted && lastIsQuote ? end - 1 : end), Optional.empty());
            } else {
                int valueStart = equals + 1;
                if (valueStart < end && line.charAt(valueStart) == '"') {
                    valueStart++;
                    if (lastIsQuote) {
                        valueEnd = end - 1;
                    }
                }
                if (quoted && lastIsQuote) {
                    valueEnd = end - 1;
                }
                argument = new Argument(line.substring(start, equals), Optional.of(line.substring(Math.min(valueStart, valueEnd), valueEnd)));
            }
            at = skipSpaces(line, Math.min(end + 1, line.length()));
            if (argument.value().isEmpty() && argument.name().equals("--")) {
                init.addAll(List.of(line.substring(at).split("\\s+")).stream().filter(s -> !s.isEmpty()).toList());
                break;
            }
            kernel.add(argument);
        }
        return new KernelCommandLine(kernel, init);
    }

    /** The module parameters among the arguments (names with a '.'), in order. */
    public List<KernelParameter> moduleParameters() {
        return kernel.stream().filter(a -> a.value().isPresent())
                .flatMap(a -> KernelParameter.fromArgument(a.name(), a.value().get()).stream()).toList();
    }

    /** The kernel's isspace() (lib/ctype.c): ASCII blank and control whitespace, and 0xA0 (Latin-1 no-break space). */
    static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r') || c == '\u00a0';
    }

    private static int skipSpaces(String line, int at) {
        while (at < line.length() && isSpace(line.charAt(at))) {
            at++;
        }
        return at;
    }
}
