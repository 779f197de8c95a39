package org.disktune.host;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;


import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * Shows a program run that takes long (an initramfs generator: update-initramfs, dracut or mkinitcpio take a
 * minute) so that the user does not face silence: once it has run a second, on a terminal a progress display
 * with the elapsed time on stderr (the progressbar library bench uses), otherwise one line on stderr when it
 * starts and one when it ends, with its time. Quick programs (hdparm, udevadm) show nothing; --json shows
 * nothing. Read-only queries pass straight through.
 */
public final class ProgressCommandRunner implements CommandRunner {
    private final CommandRunner inner;
    private final PrintStream err;
    private final boolean terminal;
    private final Duration after;

    ProgressCommandRunner(CommandRunner inner, PrintStream err, boolean terminal, Duration after) {
        this.inner = inner;
        this.err = err;
        this.terminal = terminal;
        this.after = after;
    }

    /** The runner of a real run: progress unless --json. */
    public static CommandRunner wrap(CommandRunner inner, boolean json) {
        return json ? inner : new ProgressCommandRunner(inner, System.err, System.console() != null, Duration.ofSeconds(1));
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        long start = System.nanoTime();
        String name = argv.isEmpty() ? "program" : argv.get(0).substring(argv.get(0).lastIndexOf('/') + 1);
        Display display = new Display(String.join(" ", argv), name);
        Thread shower = new Thread(display, "disktune-progress");
        shower.setDaemon(true);
        shower.start();
        CommandResult result = null;
        try {
            result = inner.run(argv, timeout);
            return result;
        } finally {
            display.finish(result, (System.nanoTime() - start) / 1e9);
            try {
                shower.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public CommandResult query(List<String> argv) {
        return inner.query(argv);
    }

    @Override
    public boolean available(String program) {
        return inner.available(program);
    }

    /** Waits `after`, then shows the run until finish() is called. */
    private final class Display implements Runnable {
        private final String command;
        private final String name;
        private boolean finished;
        private boolean shown;
        private ProgressBar bar;

        Display(String command, String name) {
            this.command = command;
            this.name = name;
        }

        @Override
        public synchronized void run() {
            long deadline = System.nanoTime() + after.toNanos();
            try {
                for (long left; !finished && (left = deadline - System.nanoTime()) > 0; ) {
                    wait(Math.max(1, left / 1_000_000));
                }
            } catch (InterruptedException e) {
                return;
            }
            if (finished) {
                return;
            }
            shown = true;
            if (terminal) {
                bar = new ProgressBarBuilder().setTaskName(name).setInitialMax(-1).setUpdateIntervalMillis(500)
                        .setConsumer(new ConsoleProgressBarConsumer(err)).build();
            } else {
                err.println("disktune: running " + command + " ...");
                err.flush();
            }
        }

        synchronized void finish(CommandResult result, double seconds) {
            finished = true;
            notifyAll();
            if (!shown) {
                return;
            }
            if (bar != null) {
                bar.close();
            }
            err.println(String.format(Locale.ROOT, "disktune: %s %s after %.1f s", name,
                    result == null ? "stopped" : "finished (exit " + result.exitCode() + ")", seconds));
            err.flush();
        }
    }
}
