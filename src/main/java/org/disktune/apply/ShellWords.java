package org.disktune.apply;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Shows an argument list the way a shell user would type it: for display, and for the lines of the rc.local block that
 * sysvinit's shell runs at boot. disktune itself never runs a program through a shell.
 */
public final class ShellWords {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {
    }

    public static String join(List<String> argv) {
        return argv.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    public static String quote(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
