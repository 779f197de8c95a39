package org.disktune.kernel;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.KernelLogReader;
import org.disktune.host.KernelLogSource;

/**
 * Reads a kernel log as a stream and reports the disk facts of its last boot (or of every boot).
 * Lines are never kept: memory is bounded by the number of devices, whatever the length of the log.
 */
public final class KernelLogAnalyzer {
    static final int MAX_BOOTS_KEPT = 64;

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
        KernelLogLineNormalizer normalizer = new KernelLogLineNormalizer();
        BootStartDetector detector = new BootStartDetector();
        Deque<KernelBoot> kept = new ArrayDeque<>();
        BootFactsCollector current = new BootFactsCollector(0);
        long currentMessages = 0;
        long linesRead = 0;
        int bootsSeen = 0;
        int dropped = 0;
        boolean capped = false;
        try {
            String raw;
            while ((raw = reader.readLine()) != null) {
                Optional<KernelLogLine> parsed = normalizer.normalize(raw);
                if (parsed.isEmpty()) {
                    continue;
                }
                KernelLogLine line = parsed.get();
                if (detector.startsNewBoot(line) && currentMessages > 0) {
                    bootsSeen++;
                    capped |= current.capped();
                    if (options.boots() == KernelLogOptions.Boots.ALL) {
                        kept.addLast(current.toBoot());
                        if (kept.size() > MAX_BOOTS_KEPT) {
                            kept.removeFirst();
                            dropped++;
                        }
                    }
                    current = new BootFactsCollector(bootsSeen);
                    currentMessages = 0;
                }
                if (line.kind() == KernelLogLine.Kind.MESSAGE) {
                    current.accept(line);
                    currentMessages++;
                    linesRead++;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read kernel log " + reader.source() + ": " + e.getMessage(), e);
        }
        if (currentMessages > 0) {
            bootsSeen++;
            capped |= current.capped();
            kept.addLast(current.toBoot());
            if (kept.size() > MAX_BOOTS_KEPT) {
                kept.removeFirst();
                dropped++;
            }
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
