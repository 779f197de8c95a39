package org.disktune.initramfs.image;

import java.util.Map;
import java.util.TreeMap;

/**
 * The child JVM of {@link ImageFuzzTest} (run with -Xmx64m): reads COUNT inputs of the run seeded SEED and prints
 * how many listed completely, partly (the kernel would stop part way) or were refused with one line; any other
 * outcome (an exception that is not disktune's, an OutOfMemoryError, a timeout) is printed with the file the input is
 * saved in, and makes the exit status 1.
 */
public final class ImageFuzzChild {
    private ImageFuzzChild() {
    }

    /** The fuzz check of one image (coverage-guided runs: org.disktune.fuzz.CoverageTargets): "listed", "partial" or "refused". */
    public static String read(byte[] image) {
        return ImageFuzzTest.read(image);
    }

    /** The seed images (every compression, newc and crc, a concatenation, the bundled lz4-legacy and lzop images). */
    public static java.util.List<byte[]> seeds() {
        return java.util.List.copyOf(ImageFuzzTest.SEEDS);
    }

    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        int count = Integer.parseInt(args[1]);
        Map<String, Integer> outcomes = new TreeMap<>();
        long start = System.nanoTime();
        int failed = 0;
        for (int i = 0; i < count; i++) {
            byte[] image = ImageFuzzTest.input(seed, i);
            try {
                outcomes.merge(ImageFuzzTest.read(image), 1, Integer::sum);
            } catch (Throwable t) {
                failed++;
                System.out.println("FAILED input " + i + ": " + t.toString().lines().findFirst().orElse("")
                        + (String.valueOf(t.getMessage()).contains("saved as") ? "" : " (saved as " + org.disktune.fuzz.Fuzz.save(image) + ")"));
            }
        }
        System.out.printf("image fuzz: %d inputs (seed %d) in %.1f s with -Xmx%dm: %s, %d failed%n", count, seed,
                (System.nanoTime() - start) / 1e9, Runtime.getRuntime().maxMemory() >> 20, outcomes, failed);
        System.exit(failed == 0 ? 0 : 1);
    }
}
