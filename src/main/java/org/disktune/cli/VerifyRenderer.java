package org.disktune.cli;

import java.io.PrintWriter;

import org.disktune.verify.Check;
import org.disktune.verify.VerifyReport;

/** The human view of a verify run: notes, one line per check, the summary. */
final class VerifyRenderer {
    void print(VerifyReport report, PrintWriter out) {
        for (String note : report.notes()) {
            out.println("note: " + note);
        }
        if (!report.checks().isEmpty()) {
            out.println();
            TableRenderer t = new TableRenderer("STATUS", "CHECK", "SUBJECT", "EXPECTED", "FOUND", "CAUSE");
            for (Check c : report.checks()) {
                t.row(c.status().label(), c.name(), c.subject(), c.expected(), c.found(), c.cause());
            }
            t.print(out);
        }
        VerifyReport.Summary s = report.summary();
        out.println();
        if (report.checks().isEmpty()) {
            out.println("ok: nothing to verify");
            return;
        }
        out.println(report.status() + ": " + report.checks().size() + (report.checks().size() == 1 ? " check" : " checks") + ", "
                + s.ok() + " ok, " + s.drift() + " drift, " + s.pending() + " pending, " + s.unknown() + " unknown"
                + (s.absent() > 0 ? ", " + s.absent() + " absent" : "")
                + switch (report.status()) {
                    case "drift" -> " (exit 1)";
                    case "pending" -> " (exit 3: reboot to apply)";
                    default -> "";
                });
    }
}
