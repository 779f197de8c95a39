package org.disktune.kernel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.KernelLogLineSink;
import org.disktune.host.KernelLogReader;
import org.disktune.host.KernelLogSource;

/**
 * Reads a kernel log as a stream and reports the disk facts of its last boot (or of every boot).
 * Lines are never kept: memory is bounded by the number of devices, whatever the length of the log.
 */
public final class KernelLogAnalyzer {
    static final int MAX_BOOTS_KEPT = 64;
    private static final byte[] LINUX_VERSION = KernelLogLineNormalizer.ascii("Linux version ");

    /** Opens the source, analyzes it and closes it. */
    public KernelLogReport analyze(KernelLogSource source, KernelLogOptions options) {
        KernelLogReader reader = source.open();
        try (reader) {
            return analyze(reader, options);
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot close kernel log " + reader.source() + ": " + e.getMessage(), e);
        }
    }

    /** Analyzes an open reader; the caller closes it. */
    public KernelLogReport analyze(KernelLogReader reader, KernelLogOptions options) {
        Objects.requireNonNull(options);
        Run run = new Run(options);
        try {
            reader.forEachLine(run);
        } catch (IOException | UncheckedIOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read kernel log " + reader.source() + ": " + e.getMessage(), e);
        }
        return run.report(reader);
    }

    /** One pass over a log: the boots kept so far and the one being collected. */
    private static final class Run implements KernelLogLineSink {
        private final KernelLogOptions options;
        private final KernelLogLineNormalizer normalizer = new KernelLogLineNormalizer();
        private final BootStartDetector detector = new BootStartDetector();
        private final Deque<KernelBoot> kept = new ArrayDeque<>();
        private BootFactsCollector current = new BootFactsCollector(0);
        private long currentMessages;
        private long linesRead;
        /** Lines in a kernel log's own form: stamped, a /dev/kmsg record, a syslog or journal kernel line, a boot start. */
        private long formed;
        /** Lines with neither a kernel log's form nor text: control characters, bytes that are not UTF-8. */
        private long binary;
        private int bootsSeen;
        private int dropped;
        private boolean capped;

        Run(KernelLogOptions options) {
            this.options = options;
        }

        @Override
        public void line(String raw) {
            Optional<KernelLogLine> parsed = normalizer.normalize(raw);
            if (parsed.isPresent()) {
                take(parsed.get());
            }
        }

        /**
         * A /dev/kmsg record from its bytes: the record's header read by hand, and only a message the collector may
         * use made a String (on this kind of machine, a few in a thousand).
         */
        @Override
        public void asciiKmsgRecord(byte[] bytes, int from, int to) {
            if (!normalizer.kmsgAscii(bytes, from, to)) {
                line(new String(bytes, from, to - from, StandardCharsets.ISO_8859_1));
                return;
            }
            stamped(bytes, normalizer.messageFrom(), to, normalizer.stampMicros());
        }

        /** The message {@code bytes[at, to)} (ASCII, no line end) of a line with monotonic time {@code mono}. */
        private void stamped(byte[] bytes, int at, int to, long mono) {
            if (KernelLogLineNormalizer.startsWith(bytes, at, to, LINUX_VERSION)) {
                take(KernelLogLine.message(mono, null, new String(bytes, at, to - at, StandardCharsets.ISO_8859_1)));
                return;
            }
            if (detector.startsNewBoot(true, mono, false, BootStartDetector.isPreamble(bytes, at, to)) && currentMessages > 0) {
                nextBoot();
            }
            if (!current.ignores(bytes, at, to)) {
                current.accept(KernelLogLine.message(mono, null, new String(bytes, at, to - at, StandardCharsets.ISO_8859_1)));
            }
            currentMessages++;
            linesRead++;
            formed++;
        }

        private void take(KernelLogLine line) {
            if (detector.startsNewBoot(line) && currentMessages > 0) {
                nextBoot();
            }
            if (line.kind() == KernelLogLine.Kind.BOOT_SEPARATOR || line.monotonicMicros() != null || line.wallClock() != null
                    || line.message().startsWith("Linux version ")) {
                formed++;
            } else if (!isText(line.message())) {
                binary++;
            }
            if (line.kind() == KernelLogLine.Kind.MESSAGE) {
                current.accept(line);
                currentMessages++;
                linesRead++;
            }
        }

        private void nextBoot() {
            bootsSeen++;
            capped |= current.capped();
            if (options.boots() == KernelLogOptions.Boots.ALL) {
                keep(current.toBoot());
            }
            current = new BootFactsCollector(bootsSeen);
            currentMessages = 0;
        }

        private void keep(KernelBoot boot) {
            kept.addLast(boot);
            if (kept.size() > MAX_BOOTS_KEPT) {
                kept.removeFirst();
                dropped++;
            }
        }

        /** False for a line with a control character (other than tab and the escape of a terminal's colours) or a byte that is not UTF-8. */
        private static boolean isText(String line) {
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c < 0x20 && c != '\t' && c != 0x1b || c == 0x7f || c >= 0x80 && c < 0xa0 || c == '\ufffd') {
                    return false;
                }
            }
            return true;
        }

        /**
         * A file of which no line has a kernel log's form and most lines are not text (random bytes, an image, a
         * compressed file of an unknown format) is not a kernel log: read as one, it would be hundreds of "kernel lines".
         */
        private void requireKernelLog(KernelLogReader reader) {
            if (formed == 0 && binary > 0 && binary * 2 > linesRead) {
                throw DisktuneException.usage(reader.source() + " is not a kernel log: no line has the form of one (dmesg, dmesg -T, "
                        + "journalctl, kern.log, /dev/kmsg) and " + binary + " of its " + linesRead + " lines are not text; "
                        + "give a saved kernel log (dmesg > FILE, journalctl -k > FILE)");
            }
        }

        KernelLogReport report(KernelLogReader reader) {
            requireKernelLog(reader);
            if (currentMessages > 0) {
                bootsSeen++;
                capped |= current.capped();
                keep(current.toBoot());
            }
            List<String> notes = new ArrayList<>(reader.notes());
            if (linesRead == 0) {
                notes.add("the log holds no kernel lines");
            } else {
                if (bootsSeen > 1 && options.boots() == KernelLogOptions.Boots.LAST) {
                    notes.add("the log holds " + bootsSeen + " boot starts; reporting the last boot");
                }
                if (dropped > 0) {
                    notes.add("kept the last " + MAX_BOOTS_KEPT + " of " + bootsSeen + " boots");
                }
                if (!kept.getLast().complete()) {
                    notes.add("no 'Linux version' line in the last boot: the log does not reach back to the boot, so probe lines may be missing");
                }
            }
            if (capped) {
                notes.add("more than " + BootFactsCollector.MAX_ENTRIES + " devices of one kind in a boot; the rest were ignored");
            }
            return new KernelLogReport(reader.source(), notes, bootsSeen, linesRead, new ArrayList<>(kept));
        }
    }
}
