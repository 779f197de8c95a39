package org.disktune.host;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/**
 * The running kernel's log. Tries, in order: /dev/kmsg (non-blocking, from the first record in the
 * buffer; {@link ChannelKernelRingBuffer}, through JNA where the JDK's channel cannot be switched),
 * klogctl(SYSLOG_ACTION_READ_ALL), and {@code journalctl -k -b -o short-monotonic --no-pager}.
 * The journal is also used when the ring buffer has rotated past the boot (no {@code Linux version}
 * record left), because the probe lines are then gone from the buffer. The reader's notes say which
 * source was used and why.
 */
public final class LiveKernelLog implements KernelLogSource {
    static final List<String> JOURNAL_ARGV = List.of("journalctl", "-k", "-b", "-o", "short-monotonic", "--no-pager");
    private static final String JOURNAL = "journalctl -k -b";
    private static final int LOOKAHEAD = 64;
    private static final Duration JOURNAL_TIMEOUT = Duration.ofMinutes(2);

    private final CommandRunner commands;
    private final KernelRingBuffer ring;

    public LiveKernelLog(CommandRunner commands) {
        this(commands, new ChannelKernelRingBuffer(new JnaKernelRingBuffer()));
    }

    LiveKernelLog(CommandRunner commands, KernelRingBuffer ring) {
        this.commands = Objects.requireNonNull(commands);
        this.ring = Objects.requireNonNull(ring);
    }

    @Override
    public KernelLogReader open() {
        List<String> failures = new ArrayList<>();
        try {
            KernelRingBuffer.Records records = ring.openKmsg();
            Deque<String> head = new ArrayDeque<>();
            boolean boot = false;
            try {
                String r;
                while (head.size() < LOOKAHEAD && (r = records.next()) != null) {
                    head.add(r);
                    boot |= isVersion(r.substring(r.indexOf(';') + 1));
                }
            } catch (KernelRingBuffer.Unavailable e) {
                records.close();
                throw e;
            }
            if (boot) {
                return kmsgReader(head, records, List.of());
            }
            String why = "/dev/kmsg holds no 'Linux version' record: the ring buffer has rotated past the boot";
            List<String> journalFailure = new ArrayList<>();
            KernelLogReader journal = journal(why, journalFailure);
            if (journal != null) {
                records.close();
                return journal;
            }
            return kmsgReader(head, records, List.of(why + "; " + journalFailure.get(0) + "; early probe lines may be missing"));
        } catch (KernelRingBuffer.Unavailable e) {
            failures.add(e.getMessage());
        }
        try {
            String all = ring.readAll();
            if (all.contains("Linux version ")) {
                return TextKernelLogReader.of("klogctl", List.of(failures.get(0) + "; read the buffer with klogctl"), all);
            }
            String why = failures.get(0) + "; the klogctl buffer has rotated past the boot";
            List<String> journalFailure = new ArrayList<>();
            KernelLogReader journal = journal(why, journalFailure);
            if (journal != null) {
                return journal;
            }
            return TextKernelLogReader.of("klogctl", List.of(why + "; " + journalFailure.get(0) + "; early probe lines may be missing"), all);
        } catch (KernelRingBuffer.Unavailable e) {
            failures.add(e.getMessage());
        }
        List<String> journalFailure = new ArrayList<>();
        KernelLogReader journal = journal(String.join("; ", failures), journalFailure);
        if (journal != null) {
            return journal;
        }
        failures.add(journalFailure.get(0));
        throw new DisktuneException(ExitCode.ENVIRONMENT,
                "cannot read the kernel log (" + String.join("; ", failures) + "); run as root or pass --kernel-log FILE");
    }

    private static boolean isVersion(String message) {
        return message.startsWith("Linux version ");
    }

    /** The journal's kernel lines of this boot, or null with the reason added to {@code failure}. */
    private KernelLogReader journal(String why, List<String> failure) {
        if (!commands.available("journalctl")) {
            failure.add("journalctl not found (no systemd journal)");
            return null;
        }
        CommandResult result;
        try {
            result = commands.run(JOURNAL_ARGV, JOURNAL_TIMEOUT);
        } catch (DisktuneException e) {
            failure.add(JOURNAL + ": " + e.getMessage());
            return null;
        }
        if (!result.ok()) {
            String err = result.stderr().strip();
            int nl = err.indexOf('\n');
            failure.add(JOURNAL + " failed with exit code " + result.exitCode() + (err.isEmpty() ? "" : ": " + (nl < 0 ? err : err.substring(0, nl))));
            return null;
        }
        if (!result.stdout().contains(" kernel: ")) {
            failure.add(JOURNAL + " returned no kernel lines (journal not persistent, or no read permission)");
            return null;
        }
        return TextKernelLogReader.of(JOURNAL, List.of(why + "; used " + JOURNAL), result.stdout());
    }

    private static KernelLogReader kmsgReader(Deque<String> head, KernelRingBuffer.Records records, List<String> notes) {
        return new KernelLogReader() {
            @Override
            public String source() {
                return "/dev/kmsg";
            }

            @Override
            public List<String> notes() {
                return notes;
            }

            @Override
            public String readLine() {
                if (!head.isEmpty()) {
                    return head.removeFirst();
                }
                try {
                    return records.next();
                } catch (KernelRingBuffer.Unavailable e) {
                    throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read the kernel log: " + e.getMessage(), e);
                }
            }

            @Override
            public void forEachLine(KernelLogLineSink sink) {
                while (!head.isEmpty()) {
                    sink.line(head.removeFirst());
                }
                try {
                    records.forEach(sink);
                } catch (KernelRingBuffer.Unavailable e) {
                    throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read the kernel log: " + e.getMessage(), e);
                }
            }

            @Override
            public void close() {
                records.close();
            }
        };
    }
}
