package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.DisktuneException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** disktune bench TARGET: measure a block device (read only) or a directory, repeated, and store the result. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measure TARGET, a block device (read only: sequential reads like hdparm -t and -T, O_DIRECT sequential "
                + "and 4 KiB random reads at queue depths 1, 4 and 32) or a directory on the file system under test (block "
                + "write with fsync, rewrite, read, random read/write, small files; every file removed afterwards, also on "
                + "Ctrl-C). Several trials per workload after a warm-up; the result, with every trial and the settings in "
                + "force, is stored under /var/lib/disktune/bench/ID.json.",
                "Exit 0, 2 for a bad target, 4 when it cannot be read or written."},
        subcommands = {BenchCompareCommand.class, BenchListCommand.class})
final class BenchCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", description = "A block device (/dev/sdb, sdb, /dev/disk/by-id/...) "
            + "or a directory.")
    private String target;

    @Option(names = "--quick", description = "Fewer and shorter trials: under a minute for a block device.")
    private boolean quick;

    @Option(names = "--force-read", description = "Read a device that is mounted or in use (reading never changes it).")
    private boolean forceRead;

    BenchCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        if (target == null) {
            throw DisktuneException.usage("bench needs a TARGET: a block device (/dev/sdb) or a directory on the file system under test");
        }
        throw DisktuneException.usage("bench TARGET is being built; see disktune bench --help");
    }
}
