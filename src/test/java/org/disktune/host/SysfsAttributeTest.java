package org.disktune.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;

import org.disktune.testing.TestMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SysfsAttributeTest {
    final TestMachine machine = TestMachine.create().attr("/sys/block/sdb/queue/scheduler", "[mq-deadline] kyber none")
            .attr("/sys/block/sdb/queue/read_ahead_kb", "128").attr("/sys/block/md0/md/stripe_cache_size", "256");
    final Host host = new RootedHost(machine.root(), new RecordingCommandRunner(), () -> {
        throw new IllegalStateException();
    }, TestMachine.CLOCK, true);

    @Test
    void schedulerMovesTheBracketsAndReadsTheActiveOne() throws IOException {
        assertEquals("mq-deadline", host.readAttribute("/sys/block/sdb/queue/scheduler"));

        host.writeAttribute("/sys/block/sdb/queue/scheduler", "none");

        assertEquals("mq-deadline kyber [none]\n", Files.readString(machine.path("/sys/block/sdb/queue/scheduler")));
        assertEquals("none", host.readAttribute("/sys/block/sdb/queue/scheduler"));
    }

    @Test
    void aSchedulerNotOfferedIsInvalidArgumentAndChangesNothing() throws IOException {
        IOException e = assertThrows(IOException.class, () -> host.writeAttribute("/sys/block/sdb/queue/scheduler", "bfq"));

        assertEquals("Invalid argument", e.getMessage());
        assertEquals("[mq-deadline] kyber none\n", Files.readString(machine.path("/sys/block/sdb/queue/scheduler")));
    }

    @Test
    void otherAttributesHoldTheValueAndMustExist() throws IOException {
        host.writeAttribute("/sys/block/sdb/queue/read_ahead_kb", "4096");
        host.writeAttribute("/sys/block/md0/md/stripe_cache_size", "8192");

        assertEquals("4096\n", Files.readString(machine.path("/sys/block/sdb/queue/read_ahead_kb")));
        assertEquals("8192", host.readAttribute("/sys/block/md0/md/stripe_cache_size"));
        assertThrows(NoSuchFileException.class, () -> host.writeAttribute("/sys/block/sdc/queue/nr_requests", "64"));
    }

    @ParameterizedTest
    @CsvSource({"/sys/block/sdb/queue/rotational,0", "/sys/block/../queue/scheduler,none", "/sys/block/./queue/scheduler,none",
            "/sys/block/sdb/md/stripe_cache_size,1", "/etc/fstab,x", "/sys/block/sdb/queue/scheduler,'a b'",
            "/sys/block/sdb/queue/scheduler,''", "/sys/block/sdb/queue/max_hw_sectors_kb,64", "/sys/block/md0/queue/../device/delete,1",
            "/sys/block/sdb/device/delete,1", "/sys/block/sdb/queue/read_ahead_kb,12345678901234567890123456789012345678901234567890123456789012345"})
    void anythingOffTheAllowListIsABug(String path, String value) {
        assertThrows(IllegalArgumentException.class, () -> host.writeAttribute(path, value));
    }

    @Test
    void theAllowListIsTheSettingsTables() throws IOException {
        machine.attr("/sys/block/sdb/queue/nomerges", "0").attr("/sys/block/sdb/queue/max_sectors_kb", "128");

        host.writeAttribute("/sys/block/sdb/queue/nomerges", "2");
        host.writeAttribute("/sys/block/sdb/queue/max_sectors_kb", "64");

        assertEquals("2", host.readAttribute("/sys/block/sdb/queue/nomerges"));
        assertEquals("64", host.readAttribute("/sys/block/sdb/queue/max_sectors_kb"));
    }

    @Test
    void identityResolvesThroughTheByIdLink() {
        machine.link("/dev/disk/by-id/ata-DISK", "../../sdc");

        assertEquals(java.util.Optional.of("sdc"), host.deviceByIdentity("ata-DISK"));
        assertEquals(java.util.Optional.empty(), host.deviceByIdentity("ata-GONE"));
        assertEquals(java.util.Optional.empty(), host.deviceByIdentity("../x"));
    }
}
