package org.disktune.bench.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.disktune.bench.stats.Direction;
import org.disktune.bench.stats.Verdict;

/**
 * The {@code [disk tuned-IDENTITY]} section {@code disktune tune --write} puts into disktune.conf, and its place in the
 * file; pure text. The section matches the disk by its stable identity ({@code match.by-id}, so the kernel name may
 * change), or, for a disk that has none (null_blk, a loop device), by its kernel name ({@code match.name}, as
 * disktune.conf(5) allows for such disks: {@code [disk tuned-nullb0]}), and holds the winner's settings, with comment
 * lines inside it saying where it came from and the figures.
 *
 * <p>When the file already has a section of that header, only its lines are replaced: from the header to the line
 * before the next section header, not counting the comment and blank lines right before that header (they introduce
 * the next section). Otherwise the section is appended after one blank line. Every other line stays as it was.
 */
public final class TunedSection {
    private TunedSection() {
    }

    /** "tuned-IDENTITY", with characters a label may not hold ([A-Za-z0-9_.:-]) replaced by '_'. */
    public static String label(String identity) {
        return "tuned-" + identity.replaceAll("[^A-Za-z0-9_.:-]", "_");
    }

    /**
     * The section's lines, ending in a newline: matched by {@code identity} (a /dev/disk/by-id name) or, when that is
     * null, by the kernel name {@code device}.
     */
    public static String render(String identity, String device, SweepPoint winner, SweepPoint baseline, List<Verdict> verdicts, String when) {
        StringBuilder s = new StringBuilder();
        s.append('[').append("disk ").append(label(identity != null ? identity : device)).append("]\n");
        s.append("# written by disktune tune on ").append(when).append(": ").append(winner.label()).append('\n');
        s.append("# against the settings then (").append(baseline.label()).append("), interleaved trials, 95% intervals:\n");
        for (Verdict v : verdicts) {
            s.append("#   ").append(cell(v)).append(' ').append(v.workload()).append('\n');
        }
        s.append(identity != null ? "match.by-id = " + identity : "match.name = " + device).append('\n');
        for (String[] kv : winner.settings()) {
            s.append(kv[0]).append(" = ").append(kv[1]).append('\n');
        }
        return s.toString();
    }

    /** {@code file} (null or empty: none yet) with {@code section} in place of its old lines, or appended. */
    public static String merge(String file, String section) {
        String header = section.substring(0, section.indexOf('\n')).strip();
        List<String> lines = file == null || file.isEmpty() ? new ArrayList<>() : new ArrayList<>(List.of(file.split("\n", -1)));
        if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1); // the split's empty piece after the final newline
        }
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (normalize(lines.get(i)).equals(normalize(header))) {
                start = i;
                break;
            }
        }
        List<String> sectionLines = List.of(section.substring(0, section.length() - 1).split("\n", -1));
        if (start < 0) {
            if (!lines.isEmpty() && !lines.get(lines.size() - 1).isBlank()) {
                lines.add("");
            }
            lines.addAll(sectionLines);
        } else {
            int end = start + 1;
            while (end < lines.size() && !lines.get(end).strip().startsWith("[")) {
                end++;
            }
            if (end < lines.size()) {
                while (end > start + 1 && isCommentOrBlank(lines.get(end - 1))) {
                    end--;
                }
            }
            List<String> tail = new ArrayList<>(lines.subList(end, lines.size()));
            lines = new ArrayList<>(lines.subList(0, start));
            lines.addAll(sectionLines);
            if (!tail.isEmpty() && !tail.get(0).isBlank()) {
                lines.add("");
            }
            lines.addAll(tail);
        }
        return String.join("\n", lines) + "\n";
    }

    /** "+7.9% [+3.1%, +12.4%]" for a change, "~ -1.2% [-4.0%, +1.9%]" when the interval includes no change. */
    public static String cell(Verdict v) {
        String numbers = percent(v.ratio().estimate()) + " [" + percent(v.ratio().low()) + ", " + percent(v.ratio().high()) + "]";
        return v.direction() == Direction.NONE ? "~ " + numbers : numbers;
    }

    static String percent(double ratio) {
        double p = Verdict.changePercent(ratio);
        if (Double.isInfinite(p)) {
            return p > 0 ? "+inf%" : "-inf%";
        }
        double rounded = Math.round(p * 10) / 10.0;
        return String.format(Locale.ROOT, "%+.1f%%", rounded == 0 ? 0.0 : rounded);
    }

    private static boolean isCommentOrBlank(String line) {
        String s = line.strip();
        return s.isEmpty() || s.startsWith("#") || s.startsWith(";");
    }

    private static String normalize(String header) {
        return header.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
