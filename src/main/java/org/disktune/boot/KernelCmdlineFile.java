package org.disktune.boot;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Predicate;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@value #PATH}, the kernel command line that {@code kernel-install} (its {@code 90-loaderentry.install}) puts on the
 * {@code options} line of every loader entry it writes, and that grubby keeps for kernels installed later. The file is
 * the administrator's as much as disktune's, so an edit changes only disktune's words and keeps every other byte:
 * an argument is disktune's when it is a module parameter ({@code module.param=value}) of a module whose
 * {@code [module]} section the configuration holds ({@code managed}). That rule needs no record of earlier runs (the
 * configuration is the one truth), removes a parameter dropped from a section at the next apply, and never touches a
 * parameter of a module disktune is not told about; a whole section removed leaves its words, which {@code rollback}
 * (or an empty section) takes away. A wanted parameter replaces the managed argument of the same name in place and
 * is otherwise appended after the last kernel argument (before a {@code --} that hands the rest to init). Arguments
 * are split as the kernel and {@code tr -s "$IFS" ' '} split them: whitespace outside double quotes, newlines
 * included. Pure: bytes in, bytes out (ISO-8859-1, so that every byte round-trips).
 */
public final class KernelCmdlineFile {
    public static final String PATH = "/etc/kernel/cmdline";
    /** The line kernel-install falls back to before /proc/cmdline, shipped by the distribution. */
    public static final String VENDOR_PATH = "/usr/lib/kernel/cmdline";

    private KernelCmdlineFile() {
    }

    /** One argument of the text: where it starts and ends, and its module parameter name when it has one. */
    private record Word(int start, int end, Optional<String> parameter, String module) {
    }

    /**
     * The file's bytes holding exactly {@code wanted} among the parameters of the {@code managed} modules, edited from
     * {@code current}.
     */
    public static byte[] edit(byte[] current, List<KernelParameter> wanted, Predicate<String> ours) {
        String text = new String(current, StandardCharsets.ISO_8859_1);
        Set<String> modules = wanted.stream().map(KernelParameter::module).collect(Collectors.toSet());
        Map<String, KernelParameter> toPlace = new LinkedHashMap<>();
        wanted.forEach(p -> toPlace.put(p.module() + "." + p.parameter(), p));
        StringBuilder out = new StringBuilder();
        int copied = 0;
        int insertAt = -1;
        for (Word word : words(text)) {
            if (word.parameter().isEmpty() && text.substring(word.start(), word.end()).equals("--")) {
                insertAt = out.length() + (word.start() - copied);
                break;
            }
            if (word.parameter().isEmpty() || !modules.contains(word.module()) && !ours.test(word.parameter().get())) {
                continue;
            }
            KernelParameter replacement = toPlace.remove(word.parameter().get());
            if (replacement != null) {
                out.append(text, copied, word.start()).append(replacement.render());
                copied = word.end();
            } else { // not wanted: the argument goes with the whitespace before it (after it, when it is the first)
                int from = word.start();
                while (from > copied && KernelCommandLine.isSpace(text.charAt(from - 1))) {
                    from--;
                }
                int to = word.end();
                if (from == copied && out.length() == 0) {
                    while (to < text.length() && KernelCommandLine.isSpace(text.charAt(to))) {
                        to++;
                    }
                }
                out.append(text, copied, from);
                copied = to;
            }
        }
        out.append(text.substring(copied));
        if (!toPlace.isEmpty()) {
            String added = toPlace.values().stream().map(KernelParameter::render).collect(Collectors.joining(" "));
            if (insertAt >= 0) {
                out.insert(insertAt, added + " ");
            } else {
                int end = out.length();
                while (end > 0 && KernelCommandLine.isSpace(out.charAt(end - 1))) {
                    end--;
                }
                out.insert(end, end == 0 ? added : " " + added);
                if (end == 0 && out.length() == added.length()) {
                    out.append('\n');
                }
            }
        }
        return out.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * The file kernel-install would read when {@value #PATH} is absent: the vendor's {@value #VENDOR_PATH} when there is
     * one, else the running kernel's command line without the boot loader's own {@code BOOT_IMAGE=} and {@code initrd=}
     * arguments (as {@code 90-loaderentry.install} does), one line.
     */
    public static byte[] startingPoint(byte[] vendor, String procCmdline) {
        if (vendor != null) {
            return vendor;
        }
        String kept = words(procCmdline).stream().map(w -> procCmdline.substring(w.start(), w.end()))
                .filter(w -> !w.startsWith("BOOT_IMAGE=") && !w.startsWith("initrd=")).collect(Collectors.joining(" "));
        return (kept + "\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The module parameters the file holds, in order (the administrator's too). */
    public static List<KernelParameter> parameters(byte[] file) {
        return KernelCommandLine.parse(new String(file, StandardCharsets.ISO_8859_1)).moduleParameters();
    }

    /** The arguments of {@code text}, split as the kernel's next_arg splits them. */
    private static List<Word> words(String text) {
        List<Word> words = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            if (KernelCommandLine.isSpace(text.charAt(at))) {
                at++;
                continue;
            }
            int start = at;
            boolean inQuote = false;
            while (at < text.length() && (inQuote || !KernelCommandLine.isSpace(text.charAt(at)))) {
                if (text.charAt(at) == '"') {
                    inQuote = !inQuote;
                }
                at++;
            }
            List<KernelParameter> parsed = KernelCommandLine.parse(text.substring(start, at)).moduleParameters();
            Optional<String> name = parsed.stream().findFirst().map(p -> p.module() + "." + p.parameter());
            words.add(new Word(start, at, name, parsed.isEmpty() ? "" : parsed.get(0).module()));
        }
        return words;
    }
}
