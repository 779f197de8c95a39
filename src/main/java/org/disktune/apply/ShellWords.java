package org.disktune.apply;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Shows an argument list the way a shell user would type it. For display only: programs never run through a shell. */
final class ShellWords {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {
    }

    static String join(List<String> argv) {
        return argv.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    static String quote(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
