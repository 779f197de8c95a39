package org.disktune.kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.host.TextKernelLogReader;

/** Test input: logs from strings and from the bundled captures. */
final class KernelLogs {
    private KernelLogs() {
    }

    static String resource(String name) {
        try (InputStream in = KernelLogs.class.getResourceAsStream("/kernel/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource /kernel/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static KernelLogReport analyze(String text) {
        return analyze(text, KernelLogOptions.lastBoot());
    }

    static KernelLogReport analyze(String text, KernelLogOptions options) {
        return new KernelLogAnalyzer().analyze(TextKernelLogReader.of("test", List.of(), text), options);
    }

    /**
     * The report, or the one line of a log refused as a whole (one that is not a kernel log): two ways of reading the
     * same bytes must agree on either.
     */
    static Object outcome(java.util.function.Supplier<KernelLogReport> analysis) {
        try {
            return analysis.get();
        } catch (org.disktune.core.DisktuneException e) {
            return "refused: " + e.getMessage();
        }
    }

    static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }
}
