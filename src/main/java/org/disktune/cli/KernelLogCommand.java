package org.disktune.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.host.FileKernelLog;
import org.disktune.host.KernelLogSource;
import org.disktune.kernel.KernelLogOptions;
import org.disktune.verify.KernelLogFacts;
import org.disktune.verify.KernelLogService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** disktune kernel-log: what the kernel printed about each ATA and IDE disk at probe, and each NVMe controller's trouble. */
@Command(name = "kernel-log", mixinStandardHelpOptions = true,
        description = "Show what the kernel log says about each ATA device (model, firmware, sectors, LBA mode, NCQ state "
                + "and depth, forced settings, link speed, transfer mode) and each legacy IDE drive, with the block device "
                + "it became, and each NVMe controller with its trouble (command timeouts, resets, a controller lost, a failed APST feature). Reads the live log (/dev/kmsg, klogctl, journalctl -k -b), FILE, or a root tree's "
                + "/var/log/dmesg; a log of several boots is cut to the last one. Reading a file never needs root. A file that is not a "
                + "kernel log (no line in a kernel log's form, most lines not text) is exit 2.")
final class KernelLogCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
            description = "A saved log: dmesg (with or without timestamps), dmesg -T, journalctl, kern.log, a serial capture; gzip/xz/zstd too.")
    private String file;

    @Option(names = "--all-boots", description = "Show every boot of the log, not only the last.")
    private boolean allBoots;

    KernelLogCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        boolean fromFile = file != null || session.options().kernelLog() != null;
        KernelLogSource source = file != null ? new FileKernelLog(Path.of(file)) : session.host().kernelLog();
        KernelLogFacts facts = new KernelLogService(session.host())
                .read(source, !fromFile, allBoots ? KernelLogOptions.allBoots() : KernelLogOptions.lastBoot());
        session.output().render("kernel-log", facts, out -> new KernelLogRenderer().print(facts, out));
        return ExitCode.OK.code();
    }
}
