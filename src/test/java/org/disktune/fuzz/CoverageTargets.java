package org.disktune.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.disktune.initramfs.image.ImageFuzzChild;

/**
 * The parsers of outside input as coverage-guided fuzz targets for Jazzer (libFuzzer in the JVM: it instruments
 * disktune's classes and keeps the inputs that reach new branches), next to the seeded mutation runs of
 * {@link Fuzz}: the same checks, so the same invariants (disktune's own one-line error or a result, never another
 * exception; the editors' round trips and "only the intended token changed"), driven by coverage instead of a fixed
 * sequence. Jazzer's entry points: {@link #fuzzerInitialize()} picks the target named by
 * {@code -Ddisktune.fuzz.target=NAME} (a {@link Target} in lower case), {@link #fuzzerTestOneInput(byte[])} runs it.
 * {@link #main} writes a target's seeds (the real captured inputs its mutation run starts from) into a directory, the
 * initial corpus. CoverageGuidedRunTest (fuzz tier) and src/test/scripts/coverage-fuzz.sh run the driver.
 */
public final class CoverageTargets {
    /** A parser, its seeds and its check. */
    public enum Target {
        MODPROBE(() -> Fuzz.resources("configs/modprobe.d", ""), ModprobeFuzzTest::check),
        MKINITCPIO(() -> Fuzz.resources("configs/mkinitcpio", ""), MkinitcpioFuzzTest::check),
        DRACUT(() -> Fuzz.resources("configs/dracut", ""), DracutFuzzTest::check),
        CONFIG(() -> Fuzz.resources("config", ".conf"), DesiredStateFuzzTest::check),
        FSTAB(() -> Fuzz.resources("configs/fstab", ""), FstabFuzzTest::check),
        UDEV_RULES(() -> Fuzz.resources("configs/udev", ""), UdevRulesFuzzTest::parseRules),
        UDEV_GENERATE(() -> Fuzz.resources("config", ".conf"), UdevRulesFuzzTest::generate),
        KERNEL_LOG(() -> Fuzz.resources("kernel", ""), KernelLogFuzzTest::check),
        IMAGE(ImageFuzzChild::seeds, image -> ImageFuzzChild.read(image));

        private final Supplier<List<byte[]>> seeds;
        private final Consumer<byte[]> check;

        Target(Supplier<List<byte[]>> seeds, Consumer<byte[]> check) {
            this.seeds = seeds;
            this.check = check;
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public List<byte[]> seeds() {
            return seeds.get();
        }

        public void check(byte[] input) {
            check.accept(input);
        }

        public static Target of(String label) {
            for (Target t : values()) {
                if (t.label().equals(label)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("no fuzz target " + label + "; one of " + List.of(values()).stream().map(Target::label).toList());
        }
    }

    private static Target target;

    private CoverageTargets() {
    }

    public static void fuzzerInitialize() {
        String name = System.getProperty("disktune.fuzz.target");
        if (name == null) {
            throw new IllegalStateException("name the target with -Ddisktune.fuzz.target=NAME");
        }
        target = Target.of(name);
    }

    public static void fuzzerTestOneInput(byte[] input) {
        target.check(input);
    }

    /** {@code TARGET DIR}: writes the target's seeds into DIR (seed-000, seed-001, ...). */
    public static void main(String[] args) throws IOException {
        Target t = Target.of(args[0]);
        Path dir = Files.createDirectories(Path.of(args[1]));
        List<byte[]> seeds = t.seeds();
        for (int i = 0; i < seeds.size(); i++) {
            Files.write(dir.resolve(String.format(Locale.ROOT, "seed-%03d", i)), seeds.get(i));
        }
    }
}
