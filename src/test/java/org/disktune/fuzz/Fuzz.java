package org.disktune.fuzz;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.statistics.Statistics;
import org.disktune.core.DisktuneException;

/**
 * What the parser fuzzers share: the real captured inputs of src/test/resources as seeds, the mutations made of them
 * (bit flips, bytes set to the characters the formats give meaning, truncation, splicing of two inputs, insertion of
 * format tokens, deletion and duplication of ranges), and the invariant every parser of outside input keeps: it
 * returns, or it refuses with disktune's own one-line error ({@link DisktuneException}); any other exception, and
 * any input that takes longer than {@link #TIME_LIMIT}, is a bug. jqwik draws the seed fixture, the second fixture
 * and the mutation seed, and shrinks a failure towards the first fixture and fewer mutations.
 */
public final class Fuzz {
    /** Tries per property in the default tier (all properties together: well under a minute). */
    public static final int SHORT = 200;
    /** Tries per property in the fuzz tier (@Tag("fuzz"); the tier stays under five minutes here). */
    public static final int LONG = 2000;
    /**
     * Per input. The slowest parser takes milliseconds on the largest fixture; the margin is for a machine whose two
     * cores run several builds at once (at a load of 15 a 177-byte modprobe.d input once went over 5 s there, and
     * replays in 23 ms on its own).
     */
    public static final Duration TIME_LIMIT = Duration.ofSeconds(10);

    /** Bytes that carry meaning in the formats fuzzed here (quotes, comments, brackets, escapes, line ends, NUL). */
    private static final byte[] SPECIAL = "\n\r\t \\\"'#=()[]{}$`;&|<>,:*?!~-_/.\u0000\u007f".getBytes(StandardCharsets.ISO_8859_1);

    private Fuzz() {
    }

    /** Every file under the test resource directory {@code dir} (e.g. "configs/modprobe.d"), sorted by path. */
    static List<byte[]> resources(String dir, String suffix) {
        try {
            Path base = Path.of(Fuzz.class.getResource("/" + dir).toURI());
            try (Stream<Path> walk = Files.walk(base)) {
                List<byte[]> out = new ArrayList<>();
                for (Path p : walk.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(suffix)).sorted().toList()) {
                    out.add(Files.readAllBytes(p));
                }
                if (out.isEmpty()) {
                    throw new IllegalStateException("no test resources under " + dir);
                }
                return out;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Inputs made from {@code seeds}: a seed as it is, or mutated one to six times, some mutations inserting one of
     * {@code tokens} (the format's keywords); a tenth are short strings of the special bytes and tokens alone.
     */
    static Arbitrary<byte[]> mutated(List<byte[]> seeds, List<String> tokens) {
        Arbitrary<byte[]> fromSeeds = Combinators.combine(Arbitraries.integers().between(0, seeds.size() - 1),
                Arbitraries.integers().between(0, seeds.size() - 1), Arbitraries.integers().between(0, 6), Arbitraries.longs())
                .as((a, b, n, seed) -> mutate(seeds.get(a), seeds.get(b), n, tokens, new Random(seed)));
        Arbitrary<byte[]> fromTokens = Arbitraries.of(tokens).list().ofMaxSize(12)
                .map(words -> String.join("", words).getBytes(StandardCharsets.ISO_8859_1));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(9, fromSeeds), net.jqwik.api.Tuple.of(1, fromTokens));
    }

    /** {@code a} with {@code n} mutations, {@code b} the donor of spliced and inserted ranges. */
    public static byte[] mutate(byte[] a, byte[] b, int n, List<String> tokens, Random r) {
        byte[] x = a.clone();
        for (int i = 0; i < n; i++) {
            x = switch (r.nextInt(8)) {
                case 0 -> flipBit(x, r);
                case 1 -> setSpecial(x, r);
                case 2 -> x.length == 0 ? x : java.util.Arrays.copyOf(x, r.nextInt(x.length));
                case 3 -> splice(x, b, r);
                case 4 -> insert(x, at(x, r), tokens.get(r.nextInt(tokens.size())).getBytes(StandardCharsets.ISO_8859_1));
                case 5 -> deleteRange(x, r);
                case 6 -> duplicateRange(x, r);
                default -> insert(x, at(x, r), range(b, r));
            };
        }
        return x;
    }

    private static int at(byte[] x, Random r) {
        return r.nextInt(x.length + 1);
    }

    private static byte[] flipBit(byte[] x, Random r) {
        if (x.length > 0) {
            x[r.nextInt(x.length)] ^= (byte) (1 << r.nextInt(8));
        }
        return x;
    }

    private static byte[] setSpecial(byte[] x, Random r) {
        if (x.length > 0) {
            x[r.nextInt(x.length)] = r.nextInt(8) == 0 ? (byte) (0x80 + r.nextInt(128)) : SPECIAL[r.nextInt(SPECIAL.length)];
        }
        return x;
    }

    private static byte[] splice(byte[] x, byte[] b, Random r) {
        int cut = at(x, r);
        int from = r.nextInt(b.length + 1);
        return concat(java.util.Arrays.copyOf(x, cut), java.util.Arrays.copyOfRange(b, from, b.length));
    }

    private static byte[] range(byte[] b, Random r) {
        int from = r.nextInt(b.length + 1);
        int to = Math.min(b.length, from + r.nextInt(256));
        return java.util.Arrays.copyOfRange(b, from, to);
    }

    private static byte[] insert(byte[] x, int at, byte[] what) {
        return concat(java.util.Arrays.copyOf(x, at), what, java.util.Arrays.copyOfRange(x, at, x.length));
    }

    private static byte[] deleteRange(byte[] x, Random r) {
        int from = at(x, r);
        int to = Math.min(x.length, from + r.nextInt(64));
        return concat(java.util.Arrays.copyOf(x, from), java.util.Arrays.copyOfRange(x, to, x.length));
    }

    private static byte[] duplicateRange(byte[] x, Random r) {
        int from = at(x, r);
        int to = Math.min(x.length, from + r.nextInt(512));
        return insert(x, to, java.util.Arrays.copyOfRange(x, from, to));
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.write(p, 0, p.length);
        }
        return out.toByteArray();
    }

    /**
     * Runs {@code call} on another thread, at most {@link #TIME_LIMIT}: its result, or null when it refused the input
     * with a DisktuneException (counted as "refused" in the property's statistics; {@link #lastRefusal} has its
     * message). Anything else it throws fails, and so does a timeout; then {@code input} is saved under
     * target/fuzz-failures/ (named in the failure) to be replayed and turned into a regression test.
     */
    public static <T> T parse(byte[] input, ThrowingSupplier<T> call) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<DisktuneException> refused = new AtomicReference<>();
        try {
            assertTimeoutPreemptively(TIME_LIMIT, () -> {
                try {
                    result.set(call.get());
                } catch (DisktuneException e) {
                    refused.set(e);
                }
            });
        } catch (Throwable t) {
            throw new AssertionError(t + " on the input saved as " + save(input), t);
        }
        if (refused.get() != null) {
            String message = refused.get().getMessage();
            if (message == null || message.isEmpty() || message.contains("\n")) {
                throw new AssertionError("a refusal is one line: [" + message + "] on the input saved as " + save(input));
            }
            lastRefusal = message;
            collect("refused");
            return null;
        }
        collect("accepted");
        return result.get();
    }

    /** Counts an outcome in the running property's statistics; outside a property (a child JVM) there are none. */
    private static void collect(String outcome) {
        try {
            Statistics.collect(outcome);
        } catch (RuntimeException outsideAProperty) {
            // ImageFuzzChild counts for itself
        }
    }

    /** Runs a property's check on {@code input}; a failure names the file the input is saved in (target/fuzz-failures). */
    public static void check(byte[] input, Runnable check) {
        try {
            check.run();
        } catch (AssertionError e) {
            if (String.valueOf(e.getMessage()).contains("saved as")) {
                throw e;
            }
            throw new AssertionError(e.getMessage() + " on the input saved as " + save(input), e);
        }
    }

    /** The message of the last refusal seen by {@link #parse} (for the failure messages of the editors' checks). */
    static volatile String lastRefusal;

    /** Writes {@code input} to target/fuzz-failures/SHA256 and returns that path. */
    public static Path save(byte[] input) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "fuzz-failures"));
            Path file = dir.resolve(org.disktune.core.Sha256.of(input));
            Files.write(file, input);
            return file.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A call that may throw anything (the fuzzers want to see checked exceptions too). */
    @FunctionalInterface
    public interface ThrowingSupplier<T> {
        T get() throws Exception;
    }

    /**
     * The one range in which {@code after} differs from {@code before} (their common prefix and suffix taken away), as
     * removed bytes and added bytes (read them with {@link #removed} and {@link #added}); an edit that touches only its
     * field has a small range, everything outside it byte-identical.
     */
    static String changedRange(byte[] before, byte[] after) {
        int p = 0;
        while (p < before.length && p < after.length && before[p] == after[p]) {
            p++;
        }
        int s = 0;
        while (s < before.length - p && s < after.length - p && before[before.length - 1 - s] == after[after.length - 1 - s]) {
            s++;
        }
        String removed = new String(before, p, before.length - p - s, StandardCharsets.ISO_8859_1);
        String added = new String(after, p, after.length - p - s, StandardCharsets.ISO_8859_1);
        return removed + "\u0000->\u0000" + added;
    }

    /** The bytes removed by the edit ({@link #changedRange}'s left side). */
    static String removed(String changedRange) {
        return changedRange.substring(0, changedRange.indexOf("\u0000->\u0000"));
    }

    /** The bytes put in by the edit ({@link #changedRange}'s right side). */
    static String added(String changedRange) {
        return changedRange.substring(changedRange.indexOf("\u0000->\u0000") + 4);
    }
}
