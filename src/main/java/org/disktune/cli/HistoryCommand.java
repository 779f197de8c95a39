package org.disktune.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.disktune.apply.HistoryEntry;
import org.disktune.apply.RollbackService;
import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;

/** disktune history: the journal of every change disktune applied or tried. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = "List the journal under /var/lib/disktune/journal, oldest first: each change's id (for rollback --to), time, "
                + "state (applied, rolled-back, undone, applying = interrupted), what it was, how many files and sysfs attributes "
                + "it changed, and what reverted it. Read-only.")
final class HistoryCommand implements Callable<Integer> {
    private final Session session;

    HistoryCommand(Session session) {
        this.session = session;
    }

    /** The JSON form: {"entries": [...]}. */
    record History(List<HistoryEntry> entries) {
    }

    @Override
    public Integer call() {
        List<HistoryEntry> entries = new RollbackService(session.host()).history();
        session.output().render("history", new History(entries), out -> {
            if (entries.isEmpty()) {
                out.println("no changes journaled yet");
                return;
            }
            TableRenderer table = new TableRenderer("ID", "TIME", "STATE", "FILES", "ATTRS", "DESCRIPTION", "NOTE");
            for (HistoryEntry e : entries) {
                String note = e.undoneBy() != null ? "undone by " + e.undoneBy() : e.failure();
                table.row(e.id(), e.time(), e.state().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'), e.files(),
                        e.attributes(), e.description(), note);
            }
            table.print(out);
        });
        return ExitCode.OK.code();
    }
}
