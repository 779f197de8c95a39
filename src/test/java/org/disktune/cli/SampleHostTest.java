package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;

import org.disktune.host.Host;
import org.junit.jupiter.api.Test;

/** Every command on a sample, detect included, runs on the same kind of host: the sample unpacked into Jimfs. */
class SampleHostTest {
    @Test
    void everyCommandOnASampleGetsItsJimfsTree() {
        for (String command : List.of("detect", "verify", "plan", "kernel-log")) {
            List<Host> hosts = new ArrayList<>();
            CliRun.run(o -> {
                Host host = Session.defaultHost(o);
                hosts.add(host);
                return host;
            }, "--sample", "qemu-ahci", command);
            assertEquals(1, hosts.size(), command);
            assertEquals("jimfs", hosts.get(0).root().getFileSystem().provider().getScheme(), command);
            assertFalse(hosts.get(0).root().getFileSystem().isReadOnly(), command);
        }
    }
}
