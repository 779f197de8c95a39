package org.disktune.apply;

import java.nio.charset.CharacterCodingException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.github.difflib.UnifiedDiffUtils;

import org.disktune.core.Utf8;

/**
 * Shows a {@link Plan} for {@code plan} and {@code apply --dry-run}. Each change is a block that
 * starts with {@code # reason}: files as unified diffs with three lines of context and git's
 * headers ({@code --- a/etc/...}, {@code +++ b/etc/...}, {@code /dev/null} for a created or
 * deleted file, {@code \ No newline at end of file}, "Binary files ... differ" for non-text),
 * programs as {@code $ argv} (shell-quoted for reading only) with the files they rewrite, sysfs
 * writes as {@code   /sys/block/sdb/queue/scheduler: mq-deadline -> none}, a readahead set by ioctl as
 * {@code   /dev/md0 read_ahead_kb: 128 -> 16384 (BLKRASET)}, a file's new mode as
 * {@code   chmod 0644 -> 0755 /etc/rc.local} (after its diff, if its bytes change too), checks as the one line
 * {@code # check: description}. An empty plan renders as the empty string.
 */
public final class PlanRenderer {
    private static final int CONTEXT = 3;
    private static final String NO_NEWLINE = "\\ No newline at end of file";
    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+),(\\d+) \\+(\\d+),(\\d+) @@$");

    public String render(Plan plan) {
        StringBuilder out = new StringBuilder();
        for (Change change : plan.changes()) {
            change.accept(new ChangeVisitor<Void>() {
                @Override
                public Void writeFile(WriteFile write) {
                    reason(write);
                    if (!write.changesMode() || !java.util.Arrays.equals(write.oldBytes(), write.newBytes())) {
                        diff(out, write.path(), write.oldBytes(), write.newBytes());
                    }
                    if (write.changesMode()) {
                        out.append("  chmod ").append(write.oldMode()).append(" -> ").append(write.newMode()).append(' ')
                                .append(write.path()).append('\n');
                    }
                    return null;
                }

                @Override
                public Void deleteFile(DeleteFile delete) {
                    reason(delete);
                    diff(out, delete.path(), delete.oldBytes(), null);
                    return null;
                }

                @Override
                public Void runProgram(RunProgram program) {
                    reason(program);
                    out.append("$ ").append(ShellWords.join(program.argv())).append('\n');
                    for (String file : program.producesFiles()) {
                        out.append("  rewrites ").append(file).append('\n');
                    }
                    return null;
                }

                @Override
                public Void verify(Verify verify) {
                    out.append("# check: ").append(oneLine(verify.description())).append('\n');
                    return null;
                }

                @Override
                public Void writeAttribute(WriteAttribute attribute) {
                    reason(attribute);
                    out.append("  ").append(attribute.path()).append(": ").append(attribute.oldValue()).append(" -> ")
                            .append(attribute.newValue()).append('\n');
                    return null;
                }

                @Override
                public Void programSetting(ProgramSetting setting) {
                    reason(setting);
                    out.append("$ ").append(ShellWords.join(setting.argv())).append('\n');
                    out.append("  ").append(setting.target()).append(' ').append(setting.setting()).append(": ")
                            .append(setting.oldValue() == null ? "unknown" : setting.oldValue()).append(" -> ").append(setting.newValue())
                            .append('\n');
                    return null;
                }

                @Override
                public Void writeReadAhead(WriteReadAhead readAhead) {
                    reason(readAhead);
                    out.append("  ").append(readAhead.target()).append(' ').append(readAhead.setting()).append(": ")
                            .append(readAhead.oldKib()).append(" -> ").append(readAhead.newKib()).append(" (BLKRASET)\n");
                    return null;
                }

                private void reason(Change c) {
                    out.append("# ").append(oneLine(c.reason())).append('\n');
                }
            });
        }
        return out.toString();
    }

    private static void diff(StringBuilder out, String path, byte[] oldBytes, byte[] newBytes) {
        String from = oldBytes == null ? "/dev/null" : "a" + path;
        String to = newBytes == null ? "/dev/null" : "b" + path;
        List<String> oldLines = lines(oldBytes);
        List<String> newLines = lines(newBytes);
        if (oldLines == null || newLines == null) {
            out.append("Binary files ").append(from).append(" and ").append(to).append(" differ\n");
            return;
        }
        List<String> unified = UnifiedDiffUtils.generateUnifiedDiff(from, to, oldLines,
                LinesPatch.of(oldLines, newLines, String::equals), CONTEXT);
        if (unified.size() <= 2) {
            out.append("(no change to ").append(path).append(")\n");
            return;
        }
        for (String line : unified) {
            out.append(gitHunkHeader(line)).append('\n');
        }
    }

    /** java-diff-utils writes "-1,0" and "-1,1" where diff and git write "-0,0" and "-1". */
    private static String gitHunkHeader(String line) {
        Matcher m = HUNK.matcher(line);
        if (!m.matches()) {
            return line;
        }
        return "@@ -" + range(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))) + " +"
                + range(Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4))) + " @@";
    }

    private static String range(int start, int count) {
        if (count == 0) {
            return (start - 1) + ",0";
        }
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }

    /** The lines of a text file (a missing file has none); null when the bytes are not UTF-8 text. */
    private static List<String> lines(byte[] bytes) {
        if (bytes == null) {
            return List.of();
        }
        String text;
        try {
            text = Utf8.strict(bytes);
        } catch (CharacterCodingException e) {
            return null;
        }
        if (text.indexOf('\0') >= 0) {
            return null;
        }
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        String last = lines.remove(lines.size() - 1);
        if (!last.isEmpty()) {
            // a last line without its newline differs from the same line with one, as in diff and git
            lines.add(last + "\n" + NO_NEWLINE);
        }
        return lines;
    }

    private static String oneLine(String text) {
        return text.replace('\n', ' ');
    }
}
