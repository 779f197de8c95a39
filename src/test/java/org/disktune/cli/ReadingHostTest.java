package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.disktune.host.Host;
import org.junit.jupiter.api.Test;

/**
 * detect reads a sample through its read-only view ({@link Session#readingHost}); every other command still gets the
 * writable in-memory file system. What detect prints is the same either way, on every bundled sample.
 */
class ReadingHostTest {
    /** The real host factory, with the command's wish for a read-only host dropped: a sample is then Jimfs. */
    private static Host writable(GlobalOptions o) {
        return Session.defaultHost(new GlobalOptions(o.root(), o.sample(), o.json(), o.debug(), o.kernelLog(), o.chroot(), o.config()));
    }

    @Test
    void detectPrintsTheSameFromTheViewAsFromJimfsOnEverySample() {
        int compared = 0;
        for (String[] sample : SampleRoots.list()) {
            for (List<String> args : List.of(List.of("--sample", sample[0], "detect"), List.of("--json", "--sample", sample[0], "detect"),
                    List.of("--sample", sample[0], "detect", "--all"))) {
                CliRun fromView = CliRun.run(args.toArray(String[]::new));
                CliRun fromJimfs = CliRun.run(ReadingHostTest::writable, args.toArray(String[]::new));
                assertEquals(0, fromView.exitCode(), args + ": " + fromView.err());
                assertTrue(fromView.out().length() > 200, args.toString());
                assertEquals(fromJimfs, fromView, args.toString());
                compared++;
            }
        }
        assertTrue(compared >= 27, "compared " + compared);
    }

    @Test
    void onlyDetectAsksForAReadOnlyHost() {
        GlobalOptions sample = new GlobalOptions(null, "qemu-ahci", false, false, null, false);
        assertFalse(Session.defaultHost(sample).root().getFileSystem().isReadOnly());
        assertTrue(Session.defaultHost(sample.reading()).root().getFileSystem().isReadOnly());
        for (List<String> args : List.of(List.of("--sample", "qemu-ahci", "detect"), List.of("--sample", "qemu-ahci", "verify"),
                List.of("--sample", "qemu-ahci", "plan"), List.of("--sample", "qemu-ahci", "kernel-log"))) {
            List<GlobalOptions> asked = new ArrayList<>();
            CliRun.run(o -> {
                asked.add(o);
                return Session.defaultHost(o);
            }, args.toArray(String[]::new));
            assertEquals(1, asked.size(), args.toString());
            assertEquals(args.get(2).equals("detect"), asked.get(0).readsOnly(), args.toString());
        }
    }
}
