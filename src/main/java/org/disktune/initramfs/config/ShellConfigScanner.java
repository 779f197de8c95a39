package org.disktune.initramfs.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.core.DisktuneException;

/**
 * Finds the top-level assignments and commands of a bash-syntax configuration file, with exact
 * offsets so that an editor can change one token and keep every other byte. Understands comments
 * (a '#' starting a word, also inside multi-line arrays), single and double quotes, backslash
 * escapes, multi-line arrays, {@code $(...)} and backticks inside words; it does not run anything.
 * Text is handled as ISO-8859-1 so that offsets are byte offsets and non-ASCII bytes survive.
 */
public final class ShellConfigScanner {
    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*(?:\\[[^\\]\\s]*\\])?)(\\+?)=");
    private static final Set<String> COMMAND_PREFIXES = Set.of("then", "do", "else", "elif", "if", "while", "until", "{", "!", "time", "export", "local", "declare", "readonly");

    private final String label;
    private final String text;
    private int pos;

    private ShellConfigScanner(String label, String text) {
        this.label = label;
        this.text = text;
    }

    /** Scans {@code text} (bytes as ISO-8859-1); {@code label} names the file in error messages. */
    public static List<ShellStatement> scan(String label, String text) {
        return new ShellConfigScanner(label, text).run();
    }

    private List<ShellStatement> run() {
        List<ShellStatement> out = new ArrayList<>();
        int n = text.length();
        boolean commandPosition = true;
        List<String> commandWords = null;
        int commandLine = 0;
        while (pos < n) {
            char c = text.charAt(pos);
            if (c == '\n' || c == ';' || c == '&' || c == '|') {
                if (commandWords != null) {
                    out.add(new ShellStatement.Command(commandWords, commandLine));
                    commandWords = null;
                }
                commandPosition = true;
                pos++;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
                continue;
            }
            if (c == '\\' && pos + 1 < n && text.charAt(pos + 1) == '\n') {
                pos += 2;
                continue;
            }
            if (c == '#') {
                skipComment();
                continue;
            }
            if (commandPosition) {
                Matcher m = ASSIGNMENT.matcher(text).region(pos, n);
                if (m.lookingAt()) {
                    int start = pos;
                    pos = m.end();
                    out.add(assignment(m.group(1), !m.group(2).isEmpty(), start));
                    continue;
                }
            }
            int start = pos;
            String word = word();
            if (commandWords == null) {
                commandWords = new ArrayList<>();
                commandLine = lineAt(start);
            }
            commandWords.add(word);
            commandPosition = commandWords.size() == 1 && COMMAND_PREFIXES.contains(word);
            if (commandPosition) {
                commandWords = null;
            }
        }
        if (commandWords != null) {
            out.add(new ShellStatement.Command(commandWords, commandLine));
        }
        return out;
    }

    private ShellStatement.Assignment assignment(String name, boolean append, int start) {
        int n = text.length();
        int valueStart = pos;
        int line = lineAt(start);
        if (pos < n && text.charAt(pos) == '(') {
            pos++;
            int contentStart = pos;
            List<ShellWord> words = new ArrayList<>();
            while (true) {
                if (pos >= n) {
                    throw unterminated("array", start);
                }
                char c = text.charAt(pos);
                if (c == ')') {
                    int contentEnd = pos;
                    pos++;
                    return new ShellStatement.Assignment(name, append, ValueForm.ARRAY, start, valueStart, pos, contentStart, contentEnd, words, line);
                }
                if (Character.isWhitespace(c)) {
                    pos++;
                } else if (c == '\\' && pos + 1 < n && text.charAt(pos + 1) == '\n') {
                    pos += 2;
                } else if (c == '#') {
                    skipComment();
                } else if (isWordEnd(c)) {
                    // ';', '&' or '|' inside ( ): bash stops with "syntax error near unexpected token"; word() would not advance
                    throw DisktuneException.usage(label + " line " + lineAt(pos) + ": '" + c + "' inside the array " + name
                            + "=( ); fix the file's shell syntax (bash -n " + label + ") and run again");
                } else {
                    int ws = pos;
                    String v = word();
                    words.add(new ShellWord(ws, pos, v));
                }
            }
        }
        if (pos < n && (text.charAt(pos) == '"' || text.charAt(pos) == '\'')) {
            char q = text.charAt(pos);
            int contentStart = pos + 1;
            int close = q == '\'' ? text.indexOf('\'', contentStart) : closingDoubleQuote(contentStart);
            if (close < 0) {
                throw unterminated("quote", start);
            }
            // the value may continue after the quote (FILES="a"b); treat the rest as part of the word
            pos = close + 1;
            if (pos < n && !isWordEnd(text.charAt(pos))) {
                word();
                return new ShellStatement.Assignment(name, append, ValueForm.UNQUOTED, start, valueStart, pos, valueStart, pos,
                        List.of(new ShellWord(valueStart, pos, text.substring(valueStart, pos))), line);
            }
            List<ShellWord> words = new ArrayList<>();
            int i = contentStart;
            while (i < close) {
                while (i < close && Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                if (i >= close) {
                    break;
                }
                int ws = i;
                while (i < close && !Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                words.add(new ShellWord(ws, i, text.substring(ws, i)));
            }
            return new ShellStatement.Assignment(name, append, q == '"' ? ValueForm.DOUBLE_QUOTED : ValueForm.SINGLE_QUOTED,
                    start, valueStart, pos, contentStart, close, words, line);
        }
        String v = word();
        List<ShellWord> words = v.isEmpty() ? List.of() : List.of(new ShellWord(valueStart, pos, v));
        return new ShellStatement.Assignment(name, append, ValueForm.UNQUOTED, start, valueStart, pos, valueStart, pos, words, line);
    }

    /** Reads one word from pos, returning its unquoted value. */
    private String word() {
        int n = text.length();
        StringBuilder v = new StringBuilder();
        int start = pos;
        while (pos < n) {
            char c = text.charAt(pos);
            if (isWordEnd(c) || (c == ')' )) {
                break;
            }
            if (c == '\\') {
                if (pos + 1 < n) {
                    if (text.charAt(pos + 1) != '\n') {
                        v.append(text.charAt(pos + 1));
                    }
                    pos += 2;
                } else {
                    pos++;
                }
            } else if (c == '\'') {
                int close = text.indexOf('\'', pos + 1);
                if (close < 0) {
                    throw unterminated("quote", start);
                }
                v.append(text, pos + 1, close);
                pos = close + 1;
            } else if (c == '"') {
                int close = closingDoubleQuote(pos + 1);
                if (close < 0) {
                    throw unterminated("quote", start);
                }
                v.append(text, pos + 1, close);
                pos = close + 1;
            } else if (c == '$' && pos + 1 < n && text.charAt(pos + 1) == '(') {
                int close = closingParen(pos + 2);
                v.append(text, pos, close + 1);
                pos = close + 1;
            } else if (c == '`') {
                int close = text.indexOf('`', pos + 1);
                if (close < 0) {
                    throw unterminated("backtick", start);
                }
                v.append(text, pos, close + 1);
                pos = close + 1;
            } else {
                v.append(c);
                pos++;
            }
        }
        if (pos == start && pos < n && text.charAt(pos) == ')') {
            pos++; // a stray ')' (e.g. a case pattern): consume it so scanning moves on
            return ")";
        }
        return v.toString();
    }

    private static boolean isWordEnd(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '&' || c == '|';
    }

    private int closingDoubleQuote(int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private int closingParen(int from) {
        int depth = 1;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        throw unterminated("$(", from);
    }

    private void skipComment() {
        int nl = text.indexOf('\n', pos);
        pos = nl < 0 ? text.length() : nl;
    }

    int lineAt(int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private DisktuneException unterminated(String what, int start) {
        return DisktuneException.usage(label + " line " + lineAt(start) + ": unterminated " + what
                + "; fix the file's shell syntax (bash -n " + label + ") and run again");
    }
}
