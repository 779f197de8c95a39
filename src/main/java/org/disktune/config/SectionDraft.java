package org.disktune.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.disktune.core.Spelling;

/** A section being read: its kind and label from the header, then its options and refused keys in line order. */
final class SectionDraft {
    enum Kind {
        MODULE, DISK, MD, MOUNT;

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final List<String> KINDS = Stream.of(Kind.values()).map(Kind::word).toList();

    final Kind kind;
    final String label;
    final int line;
    /** A second section of the same kind and label (reported): read for its errors, then dropped. */
    final boolean duplicate;
    final List<IniEntry.Option> options = new ArrayList<>();
    final List<IniEntry.Refused> refused = new ArrayList<>();

    private SectionDraft(Kind kind, String label, int line, boolean duplicate) {
        this.kind = kind;
        this.label = label;
        this.line = line;
        this.duplicate = duplicate;
    }

    String section() {
        return kind.word() + " " + label;
    }

    /** A key as the section compares keys: a module's parameters with '-' and '_' alike. */
    String keyName(String key) {
        return kind == Kind.MODULE ? key.replace('-', '_') : key;
    }

    /**
     * The draft a header opens, or null after an error (an unknown kind, a missing or invalid label); {@code seen}
     * holds the line of each section read so far, to report a duplicate.
     */
    static SectionDraft open(IniEntry.Header h, ConfigProblems problems, Map<String, Integer> seen) {
        String name = h.name();
        String word = name.split("\\p{javaWhitespace}", 2)[0];
        // the rest from the whitespace on, trimmed as String.trim() does: a label may start with other whitespace
        String label = name.substring(word.length()).trim();
        Kind k = Stream.of(Kind.values()).filter(candidate -> candidate.word().equals(word)).findFirst().orElse(null);
        if (k == null) {
            String rest = label.isEmpty() ? "" : " " + label;
            problems.error(h.line(), Spelling.closest(word.toLowerCase(Locale.ROOT), KINDS)
                    .map(kind -> "unknown section [" + name + "]; did you mean [" + kind + rest + "]?")
                    .orElse("unknown section [" + name + "]; sections are [module NAME], [disk LABEL], [md NAME] and [mount PATH]"));
            return null;
        }
        if (label.isEmpty()) {
            problems.error(h.line(), "[" + name + "] needs a name: write " + switch (k) {
                case MODULE -> "[module NAME], e.g. [module sata_nv]";
                case DISK -> "[disk LABEL], e.g. [disk raptors]";
                case MD -> "[md NAME], e.g. [md md0]";
                case MOUNT -> "[mount PATH], e.g. [mount /home]";
            });
            return null;
        }
        String problem = switch (k) {
            case MODULE -> ConfigNames.isModuleName(label) ? null
                    : "[module " + label + "] is not a module name; use lower-case letters, digits and _ as lsmod shows it";
            case DISK, MD -> ConfigNames.isLabel(label) && !label.contains("..") ? null
                    : "[" + k.word() + " " + label + "] is not a valid " + (k == Kind.DISK ? "label" : "name")
                            + "; use letters, digits and _ . : - (starting with a letter or digit, no '..')";
            case MOUNT -> ConfigNames.mountPointProblem(label);
        };
        if (problem != null) {
            problems.error(h.line(), problem);
            return null;
        }
        if (k == Kind.MODULE) {
            label = label.replace('-', '_');
        }
        String id = k.word() + " " + label;
        Integer first = seen.putIfAbsent(id, h.line());
        if (first != null) {
            problems.error(h.line(), "duplicate section [" + id + "] at lines " + first + " and " + h.line() + "; merge them into one");
        }
        return new SectionDraft(k, label, h.line(), first != null);
    }
}
