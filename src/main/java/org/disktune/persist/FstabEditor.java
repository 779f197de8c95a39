package org.disktune.persist;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.disktune.config.ConfigProblem;

/**
 * Sets mount options in an fstab file with the smallest change: only the options field of the one line that
 * mounts the mount point is rewritten; every other byte (tabs, alignment, comments, CRLF, a missing final
 * newline) stays. Returns new bytes and writes nothing.
 *
 * <p>The rules, from mount(8) "FILESYSTEM-INDEPENDENT MOUNT OPTIONS":
 * <ul>
 * <li>the access-time options {@code atime}, {@code noatime}, {@code relatime}, {@code norelatime},
 * {@code strictatime} and {@code nostrictatime} all choose one access-time mode, so the wanted one replaces
 * every one of them (at the place of the first, else at the end); {@code nodiratime} and {@code defaults}
 * stay;</li>
 * <li>{@code lazytime} replaces {@code lazytime} and {@code nolazytime}; lazytime off removes
 * {@code lazytime} and adds nothing, since a fresh mount has no lazytime unless asked for (a remount is
 * explicit, see {@link MountArgs});</li>
 * <li>a line with three fields has the default options (libmount leaves its option string empty): the options
 * field is added after the type, separated like the type is from the mount point;</li>
 * <li>an options field left empty becomes {@code defaults} (fstab(5): the field must not be empty).</li>
 * </ul>
 * The result is parsed again and must give the same entries and problems except that one options field;
 * otherwise the edit is refused. Applying the same options twice changes nothing.
 */
public final class FstabEditor {
    private static final Set<String> ATIME_OPTIONS = Set.of("atime", "noatime", "relatime", "norelatime", "strictatime",
            "nostrictatime");

    private FstabEditor() {
    }

    /** The file {@code fstab} (named {@code file} in messages) with {@code wanted} set on the line of {@code mountPoint}. */
    public static FstabResult set(byte[] fstab, String file, String mountPoint, MountOptions wanted) {
        Objects.requireNonNull(wanted, "wanted");
        if (mountPoint == null || !mountPoint.startsWith("/")) {
            return new FstabResult.Refused("'" + printable(mountPoint) + "' is not a mount point (an absolute path); swap lines "
                    + "(mount point none) have no mount options to set");
        }
        Fstab parsed = Fstab.parse(fstab, file);
        String target = Fstab.normalize(mountPoint);
        for (Fstab.Malformed bad : parsed.malformed()) {
            if (bad.mountPoint() != null && Fstab.normalize(bad.mountPoint()).equals(target)) {
                String why = parsed.problems().stream().filter(p -> p.line() == bad.line()).map(ConfigProblem::message)
                        .findFirst().orElse("cannot be parsed");
                return new FstabResult.Refused(file + ":" + bad.line() + " names " + printable(mountPoint) + " but " + why
                        + "; fix that line, then run again");
            }
        }
        List<Fstab.Located> matches = new ArrayList<>();
        for (Fstab.Located l : parsed.located()) {
            if (Fstab.normalize(l.entry().mountPoint()).equals(target)) {
                matches.add(l);
            }
        }
        if (matches.isEmpty()) {
            return new FstabResult.NotInFstab(printable(mountPoint) + " has no line in " + file + " (a systemd .mount unit, autofs or a "
                    + "manual mount mounts it); disktune does not invent fstab lines: add one for it, or set the options where it is mounted");
        }
        if (matches.size() > 1) {
            return new FstabResult.Refused(file + " mounts " + printable(mountPoint) + " on lines " + String.join(" and ",
                    matches.stream().map(l -> Integer.toString(l.entry().line())).toList())
                    + "; keep one of them, then run again");
        }
        Fstab.Located line = matches.get(0);
        FstabEntry entry = line.entry();
        if (entry.swap()) {
            return new FstabResult.Refused(file + ":" + entry.line() + " is a swap line; swap has no mount options to set");
        }
        String oldOptions = entry.rawOptions();
        if (oldOptions != null && count(oldOptions, '"') % 2 != 0) {
            return new FstabResult.Refused(file + ":" + entry.line() + ": the options field '" + printable(oldOptions)
                    + "' has a '\"' that is not closed, so it cannot be split into options; fix the line by hand");
        }
        String newOptions = newOptions(oldOptions, wanted);
        if (Objects.equals(oldOptions, newOptions)) {
            return new FstabResult.Edited(fstab, entry.line(), oldOptions, oldOptions);
        }
        if (hasBlankOrControl(newOptions) || newOptions.startsWith("#")) {
            return new FstabResult.Refused(file + ":" + entry.line() + ": the options field '" + printable(newOptions)
                    + "' would not be one field; fix the line by hand");
        }
        String text = parsed.text();
        String edited = oldOptions == null
                ? text.substring(0, line.typeEnd()) + line.typeSeparator() + newOptions + text.substring(line.typeEnd())
                : text.substring(0, line.optionsStart()) + newOptions + text.substring(line.optionsEnd());
        byte[] after = edited.getBytes(StandardCharsets.ISO_8859_1);
        String mismatch = compare(parsed, Fstab.parse(after, file), entry.line(), newOptions);
        if (mismatch != null) {
            return new FstabResult.Refused(file + ":" + entry.line() + ": the edited file does not read back as intended ("
                    + mismatch + "); " + file + " is left as it is");
        }
        return new FstabResult.Edited(after, entry.line(), oldOptions, newOptions);
    }

    /** The options field with {@code wanted} applied, or {@code raw} itself when it already says so. */
    static String newOptions(String raw, MountOptions wanted) {
        List<String> options = raw == null ? new ArrayList<>() : new ArrayList<>(Fstab.splitOptions(raw));
        if (wanted.atime() != null) {
            replace(options, ATIME_OPTIONS, wanted.atime());
        }
        if (Boolean.TRUE.equals(wanted.lazytime())) {
            replace(options, Set.of("lazytime", "nolazytime"), "lazytime");
        } else if (Boolean.FALSE.equals(wanted.lazytime())) {
            replace(options, Set.of("lazytime"), null);
        }
        if (raw == null && options.isEmpty()) {
            return null;
        }
        String joined = String.join(",", options);
        return joined.isEmpty() ? "defaults" : joined;
    }

    /** Removes every option of {@code group}; puts {@code wanted} (if any) where the first one was, else at the end. */
    private static void replace(List<String> options, Set<String> group, String wanted) {
        int first = -1;
        for (int i = options.size() - 1; i >= 0; i--) {
            if (group.contains(options.get(i))) {
                options.remove(i);
                first = i;
            }
        }
        if (wanted != null) {
            options.add(first < 0 ? options.size() : first, wanted);
        }
    }

    /** Null when {@code after} holds the same entries and problems as {@code before} except the options of {@code line}. */
    private static String compare(Fstab before, Fstab after, int line, String newOptions) {
        if (!before.problems().equals(after.problems())) {
            return "its problems changed";
        }
        List<FstabEntry> was = before.entries();
        List<FstabEntry> now = after.entries();
        if (was.size() != now.size()) {
            return was.size() + " entries became " + now.size();
        }
        for (int i = 0; i < was.size(); i++) {
            FstabEntry w = was.get(i);
            FstabEntry n = now.get(i);
            if (w.line() == line) {
                List<String> decoded = new ArrayList<>();
                for (String option : Fstab.splitOptions(newOptions)) {
                    decoded.add(Fstab.decode(option));
                }
                w = new FstabEntry(w.line(), w.spec(), w.mountPoint(), w.type(), decoded, newOptions);
            }
            if (!w.equals(n)) {
                return "line " + w.line() + " reads differently";
            }
        }
        return null;
    }

    private static String printable(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            if (Character.isISOControl(c)) {
                out.append(String.format("\\x%02x", c));
            } else {
                out.appendCodePoint(c);
            }
            i += Character.charCount(c);
        }
        return out.toString();
    }

    private static long count(String s, char wanted) {
        return s.chars().filter(c -> c == wanted).count();
    }

    /** A blank, a control character or DEL: what cannot stay inside one fstab field. */
    private static boolean hasBlankOrControl(String s) {
        return s.chars().anyMatch(c -> c <= ' ' || c == 0x7f);
    }
}
