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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;

/**
 * What the parser fuzzers share: the real captured inputs of src/test/resources as seeds, the mutations made of them
 * (bit flips, bytes set to the characters the formats give meaning, truncation, splicing of two inputs, insertion of
 * format tokens, deletion and duplication of ranges), and the invariant every parser of outside input keeps: it
 * returns, or it refuses with disktune's own one-line error ({@link DisktuneException}); any other exception, and
 * any input that takes longer than {@link #TIME_LIMIT}, is a bug. The runs are plain JUnit 5 tests over a seeded
 * generator ({@link #inputs}, java.util.Random): the same seed gives the same inputs, so a failure, which names the
 * seed and the input's index, replays with {@code -Ddisktune.fuzz.seed=SEED}; the input is also saved under
 * target/fuzz-failures/.
 */
public final class Fuzz {
    /** Inputs per run in the default tier (all runs together: well under a minute). */
    public static final int SHORT = 200;
    /** Inputs per run in the fuzz tier (@Tag("fuzz"); the tier stays under five minutes here). */
    public static final int LONG = 2000;
    /**
     * Per input. The slowest parser takes milliseconds on the largest fixture; the margin is for a machine whose two
     * cores run several builds at once (at a load of 15 a 177-byte modprobe.d input once went over 5 s there, and
     * replays in 23 ms on its own).
     */
    public static final Duration TIME_LIMIT = Duration.ofSeconds(10);

    /** The seed of every run unless -Ddisktune.fuzz.seed=N gives another (fixed, so that CI is reproducible). */
    public static final long DEFAULT_SEED = 20_250_611L;

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

    /** The seed of this run: -Ddisktune.fuzz.seed=N, else {@link #DEFAULT_SEED}. */
    public static long seed() {
        return Long.getLong("disktune.fuzz.seed", DEFAULT_SEED);
    }

    /**
     * {@code count} inputs made from {@code seeds}, drawn by java.util.Random({@code seed}): nine in ten are a seed
     * (two drawn, the second the donor of spliced and inserted ranges) as it is or mutated up to six times, some
     * mutations inserting one of {@code tokens} (the format's keywords); one in ten is a string of up to twelve
     * tokens alone. The same arguments give the same inputs in the same order.
     */
    static Stream<byte[]> inputs(List<byte[]> seeds, List<String> tokens, int count, long seed) {
        Random r = new Random(seed);
        return Stream.generate(() -> {
            if (r.nextInt(10) < 9) {
                byte[] a = seeds.get(r.nextInt(seeds.size()));
                byte[] b = seeds.get(r.nextInt(seeds.size()));
                int n = r.nextInt(7);
                return mutate(a, b, n, tokens, new Random(r.nextLong()));
            }
            StringBuilder soup = new StringBuilder();
            for (int i = r.nextInt(13); i > 0; i--) {
                soup.append(tokens.get(r.nextInt(tokens.size())));
            }
            return soup.toString().getBytes(StandardCharsets.ISO_8859_1);
        }).limit(count);
    }

    /** {@link #run(Stream, long, Consumer)} over {@code count} {@link #inputs} of {@code seeds} and {@code tokens}. */
    static void run(List<byte[]> seeds, List<String> tokens, int count, Consumer<byte[]> check) {
        long seed = seed();
        run(inputs(seeds, tokens, count, seed), seed, check);
    }

    /**
     * Runs {@code check} on every input, in order; the first failure stops the run with the seed and the input's
     * index in its message (the input saved under target/fuzz-failures/). Prints one line per run: the test, the
     * number of inputs, the seed, the time and how many parses accepted and refused their input.
     */
    public static void run(Stream<byte[]> inputs, long seed, Consumer<byte[]> check) {
        String test = StackWalker.getInstance().walk(frames -> frames.filter(f -> !f.getClassName().equals(Fuzz.class.getName()))
                .findFirst().map(f -> f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "." + f.getMethodName()).orElse("?"));
        Map<String, Integer> counts = new TreeMap<>();
        COUNTS.set(counts);
        long start = System.nanoTime();
        int i = 0;
        try {
            for (Iterator<byte[]> it = inputs.iterator(); it.hasNext(); i++) {
                byte[] input = it.next();
                try {
                    check(input, () -> check.accept(input));
                } catch (AssertionError e) {
                    throw new AssertionError(test + ": input " + i + " of seed " + seed + " (replay with -Ddisktune.fuzz.seed=" + seed + "): "
                            + e.getMessage(), e);
                } catch (RuntimeException e) {
                    throw new AssertionError(test + ": input " + i + " of seed " + seed + " (replay with -Ddisktune.fuzz.seed=" + seed + "): "
                            + e + " on the input saved as " + save(input), e);
                }
            }
        } finally {
            COUNTS.remove();
            System.out.printf("fuzz %s: %d inputs (seed %d) in %.1f s: %s%n", test, i, seed, (System.nanoTime() - start) / 1e9, counts);
        }
    }

    /** The outcome counts of the run on this thread ({@link #run}); none outside a run (ImageFuzzChild counts for itself). */
    private static final ThreadLocal<Map<String, Integer>> COUNTS = new ThreadLocal<>();

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
     * with a DisktuneException (counted as "refused" in the run's counts; {@link #lastRefusal} has its
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

    /** Counts an outcome in the running {@link #run}'s counts; outside a run (a child JVM) there are none. */
    private static void collect(String outcome) {
        Map<String, Integer> counts = COUNTS.get();
        if (counts != null) {
            counts.merge(outcome, 1, Integer::sum);
        }
    }

    /** Runs a check on {@code input}; a failure names the file the input is saved in (target/fuzz-failures). */
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
