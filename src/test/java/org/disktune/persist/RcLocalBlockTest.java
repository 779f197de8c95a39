package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class RcLocalBlockTest {
    private static final String CENTOS5 = "#!/bin/sh\n#\n# This script will be executed *after* all the other init scripts.\n\ntouch /var/lock/subsys/local\n";
    private static final String BLOCK = RcLocalBlock.block("/etc/disktune/disktune.conf", List.of("hdparm -c3 -m16 -d1 /dev/hde"));

    @Test
    void aNewBlockIsAppendedAndEverythingElseKeptByteForByte() {
        byte[] after = RcLocalBlock.with(bytes(CENTOS5), BLOCK);
        assertEquals(CENTOS5 + BLOCK, new String(after, StandardCharsets.UTF_8));
        assertEquals(Optional.of(BLOCK), RcLocalBlock.current(after));
        assertEquals(Optional.empty(), RcLocalBlock.current(bytes(CENTOS5)));
    }

    @Test
    void debiansFinalExitStaysLast() {
        String debian = "#!/bin/sh -e\n# rc.local\n\nexit 0\n";
        assertEquals("#!/bin/sh -e\n# rc.local\n\n" + BLOCK + "exit 0\n", new String(RcLocalBlock.with(bytes(debian), BLOCK), StandardCharsets.UTF_8));
    }

    @Test
    void aFileWithoutFinalNewlineGetsOneBeforeTheBlock() {
        assertEquals("touch /x\n" + BLOCK, new String(RcLocalBlock.with(bytes("touch /x"), BLOCK), StandardCharsets.UTF_8));
    }

    @Test
    void theBlockIsReplacedInPlaceAndRemovedWhenEmptyLeavingOtherBytesAlone() {
        byte[] latin1 = "#!/bin/sh\necho caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1); // not UTF-8: kept as is
        byte[] with = RcLocalBlock.with(latin1, BLOCK);
        byte[] tail = "echo done\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] withTail = new byte[with.length + tail.length];
        System.arraycopy(with, 0, withTail, 0, with.length);
        System.arraycopy(tail, 0, withTail, with.length, tail.length);

        String other = RcLocalBlock.block("/etc/disktune/disktune.conf", List.of("hdparm -d1 /dev/hdf"));
        String replaced = new String(RcLocalBlock.with(withTail, other), StandardCharsets.ISO_8859_1);
        assertEquals("#!/bin/sh\necho caf\u00e9\n" + other + "echo done\n", replaced);

        byte[] removed = RcLocalBlock.with(withTail, "");
        byte[] expected = "#!/bin/sh\necho caf\u00e9\necho done\n".getBytes(StandardCharsets.ISO_8859_1);
        assertArrayEquals(expected, removed);
        assertArrayEquals(latin1, RcLocalBlock.with(latin1, ""), "nothing to remove, nothing changed");
        assertEquals("", RcLocalBlock.block("x", List.of()));
    }

    @Test
    void aCommandThatWouldInjectALineIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> RcLocalBlock.block("x", List.of("hdparm -d1 /dev/hde\nrm -rf /")));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
