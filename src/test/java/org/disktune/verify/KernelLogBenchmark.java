package org.disktune.verify;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.host.FileKernelLog;
import org.disktune.kernel.KernelLogOptions;
import org.disktune.modprobe.TestHosts;

/**
 * Not a unit test: run once by hand to see the throughput of reading a kernel log and that memory stays bounded.
 * Writes a 1,000,000-line log (dmesg stamps, 8 ports re-linking, a probe every 1000 lines, 200 boots) and reads it
 * through {@link KernelLogService} as {@code disktune kernel-log FILE} does, three times; prints lines/s and the
 * heap in use. Run with a small heap to prove the bound:
 * {@code java -Xmx48m -cp target/classes:target/test-classes:$(cat cp.txt) org.disktune.verify.KernelLogBenchmark}
 */
public final class KernelLogBenchmark {
    private KernelLogBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int lines = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Path file = Files.createTempFile("disktune-bench", ".log");
        try {
            try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                for (int i = 0; i < lines; i++) {
                    String stamp = String.format("[%5d.%06d] ", i / 1000, i % 1000);
                    if (i % 5000 == 0) {
                        w.write("[    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC\n");
                    } else if (i % 1000 == 1) {
                        w.write(stamp + "ata" + (i / 1000 % 8 + 1) + ".00: 1465149168 sectors, multi 16: LBA48 NCQ (depth 32), AA\n");
                    } else if (i % 3 == 0) {
                        w.write(stamp + "ata" + (i % 8 + 1) + ": SATA link up 3.0 Gbps (SStatus 123 SControl 300)\n");
                    } else {
                        w.write(stamp + "EXT4-fs (vda1): re-mounted " + i + ". Quota mode: none.\n");
                    }
                }
            }
            System.out.printf("log: %d lines, %.1f MiB%n", lines, Files.size(file) / 1048576.0);
            KernelLogService service = new KernelLogService(TestHosts.jimfs());
            for (int run = 1; run <= 3; run++) {
                long start = System.nanoTime();
                KernelLogFacts facts = service.read(new FileKernelLog(file), false, KernelLogOptions.lastBoot());
                double seconds = (System.nanoTime() - start) / 1e9;
                Runtime rt = Runtime.getRuntime();
                System.out.printf("run %d: %d lines in %.2f s = %.0f lines/s; %d boots, %d ATA devices in the last; heap used %.1f MiB of max %.0f MiB%n",
                        run, facts.linesRead(), seconds, facts.linesRead() / seconds, facts.bootsSeen(),
                        facts.boots().get(0).ataDevices().size(), (rt.totalMemory() - rt.freeMemory()) / 1048576.0, rt.maxMemory() / 1048576.0);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
