package org.disktune.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class MountTableParserTest {
    private final MountTableParser parser = new MountTableParser();

    @Test
    void parsesMountinfoWithOptionalFieldsAndSuperOptions() {
        List<MountTableParser.Entry> entries = parser.parseMountinfo(List.of(
                "26 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard,resv_strict",
                "36 26 8:17 / /srv/my\\040data rw,noatime shared:1 master:2 - xfs /dev/sdb1 rw,attr2",
                "garbage line without separator",
                ""));
        assertEquals(2, entries.size());
        MountTableParser.Entry root = entries.get(0);
        assertEquals("254:0", root.majorMinor());
        assertEquals("/", root.mountPoint());
        assertEquals("ext4", root.fsType());
        assertEquals("/dev/vda", root.source());
        assertEquals(List.of("rw", "relatime", "discard", "resv_strict"), root.options());
        MountTableParser.Entry data = entries.get(1);
        assertEquals("/srv/my data", data.mountPoint());
        assertEquals("xfs", data.fsType());
        assertEquals(List.of("rw", "noatime", "attr2"), data.options());
    }

    @Test
    void parsesOldProcMounts() {
        List<MountTableParser.Entry> entries = parser.parseMounts(List.of(
                "rootfs / rootfs rw 0 0",
                "/dev/md0 / ext3 rw,data=ordered 0 0",
                "short"));
        assertEquals(2, entries.size());
        assertEquals("/dev/md0", entries.get(1).source());
        assertEquals(List.of("rw", "data=ordered"), entries.get(1).options());
        assertEquals(null, entries.get(1).majorMinor());
    }

    @Test
    void keepsABackslashThatIsNotAnOctalEscape() {
        assertEquals("a\\b", MountTableParser.unescape("a\\b"));
        assertEquals("end\\04", MountTableParser.unescape("end\\04"));
        assertEquals("tab\there", MountTableParser.unescape("tab\\011here"));
    }
}
