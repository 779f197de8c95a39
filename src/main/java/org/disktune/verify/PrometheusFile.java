package org.disktune.verify;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.disktune.host.AtomicFileWriter;

/**
 * The result of {@code disktune verify} in the Prometheus text exposition format (version 0.0.4), for
 * node_exporter's textfile collector, which reads every {@code *.prom} file of its directory
 * ({@code --collector.textfile.directory}; Debian's prometheus-node-exporter uses
 * /var/lib/prometheus/node-exporter) at each scrape. Because it may read while the file is written, the
 * file is replaced atomically (temporary file in the same directory, then rename: {@link AtomicFileWriter}),
 * as the collector's documentation asks. One {@code disktune_check_ok} sample per check (1 ok, 0 otherwise),
 * labelled with the check's kind and subject, and for settings with the disk, its stable ID and the setting;
 * {@code disktune_checks} per status; {@code disktune_verify_timestamp_seconds}. Label values are escaped as
 * the format says (backslash, double quote, line feed); node_exporter rejects a file with two samples of the
 * same name and labels, so a repeated subject gets " #2", " #3".
 */
public final class PrometheusFile {
    private PrometheusFile() {
    }

    /** The text of the metrics of {@code report}, verified at {@code at}. */
    public static String text(VerifyReport report, Instant at) {
        StringBuilder out = new StringBuilder();
        out.append("# HELP disktune_check_ok Whether a check of disktune verify is ok (1) or not (0: drift, pending, unknown or absent).\n");
        out.append("# TYPE disktune_check_ok gauge\n");
        Set<String> seen = new HashSet<>();
        for (Check check : report.checks()) {
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("check", check.name());
            labels.put("subject", check.subject());
            Check.Target target = check.target();
            labels.put("disk", target == null ? "" : target.device());
            labels.put("id", target == null || target.id() == null ? "" : target.id());
            labels.put("setting", target == null ? "" : target.setting());
            String series = labels(labels);
            for (int n = 2; !seen.add(series); n++) {
                labels.put("subject", check.subject() + " #" + n);
                series = labels(labels);
            }
            out.append("disktune_check_ok").append(series).append(check.status() == CheckStatus.OK ? " 1\n" : " 0\n");
        }
        out.append("# HELP disktune_checks Checks of the last disktune verify, by status.\n");
        out.append("# TYPE disktune_checks gauge\n");
        VerifyReport.Summary s = report.summary();
        count(out, "ok", s.ok());
        count(out, "drift", s.drift());
        count(out, "pending", s.pending());
        count(out, "unknown", s.unknown());
        count(out, "absent", s.absent());
        out.append("# HELP disktune_verify_exit_code The exit code of the last disktune verify (0 ok, 1 drift, 3 reboot pending).\n");
        out.append("# TYPE disktune_verify_exit_code gauge\n");
        out.append("disktune_verify_exit_code ").append(report.exitCode().code()).append('\n');
        out.append("# HELP disktune_verify_timestamp_seconds When the last disktune verify ran, in seconds since the epoch.\n");
        out.append("# TYPE disktune_verify_timestamp_seconds gauge\n");
        out.append("disktune_verify_timestamp_seconds ").append(at.getEpochSecond());
        if (at.getNano() != 0) {
            out.append('.').append(String.format("%03d", at.getNano() / 1_000_000));
        }
        out.append('\n');
        return out.toString();
    }

    /**
     * Writes {@code text} to {@code file} atomically. Returns false, writing nothing, when the file's directory
     * does not exist (node_exporter is not installed there).
     */
    public static boolean write(Path file, String text) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return false;
        }
        new AtomicFileWriter().write(file, text.getBytes(StandardCharsets.UTF_8), false);
        return true;
    }

    private static void count(StringBuilder out, String status, int n) {
        out.append("disktune_checks{status=\"").append(status).append("\"} ").append(n).append('\n');
    }

    private static String labels(Map<String, String> labels) {
        StringBuilder b = new StringBuilder("{");
        labels.forEach((k, v) -> {
            if (b.length() > 1) {
                b.append(',');
            }
            b.append(k).append("=\"").append(v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append('"');
        });
        return b.append('}').toString();
    }
}
