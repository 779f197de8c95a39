package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.junit.jupiter.api.Test;

/** The fstab reader against libmount's rules, the editor's edge cases, and the remount argument list. */
class FstabEditorTest {
    private static final MountOptions NOATIME = new MountOptions("noatime", null);

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String edit(String fstab, String mountPoint, MountOptions wanted) {
        FstabResult.Edited e = assertInstanceOf(FstabResult.Edited.class, FstabEditor.set(b(fstab), "/etc/fstab", mountPoint, wanted));
        return new String(e.after(), StandardCharsets.UTF_8);
    }

    private static String refused(String fstab, String mountPoint, MountOptions wanted) {
        return assertInstanceOf(FstabResult.Refused.class, FstabEditor.set(b(fstab), "/etc/fstab", mountPoint, wanted)).message();
    }

    @Test
    void theBrokenUtilLinuxFileGivesTheEntriesLibmountKeepsAndOneProblemPerSkippedLine() throws IOException {
        byte[] broken = FstabEditorTest.class.getResourceAsStream("/configs/fstab/util-linux/libmount-tests.fstab.broken").readAllBytes();
        Fstab fstab = Fstab.parse(broken, "/etc/fstab");
        // util-linux tests/expected/libmount/tabfiles-parse-fstab-broken lists these targets
        assertEquals(List.of("/", "/boot", "swap", "/dev/shm", "/dev/pts", "/sys", "/proc", "/home/foo", "/mnt/remote", "/mnt/gogogo"),
                fstab.entries().stream().map(FstabEntry::mountPoint).toList());
        assertEquals(List.of("/etc/fstab:1: has 1 field; a mount line needs at least the device, the mount point and the type (fstab(5)); "
                + "mount(8) ignores it", "/etc/fstab:8: the dump frequency 'with' is not a number; mount(8) ignores the line"),
                fstab.problems().stream().map(Object::toString).toList());
        assertEquals(List.of("gid=5", "mode=620"), fstab.entries("/dev/pts").get(0).options());
        assertEquals(11, fstab.entries("/home/foo").get(0).line());
    }

    @Test
    void commentsBlankLinesAndFieldsAreReadAsLibmountDoes() {
        Fstab fstab = Fstab.parse(b(" # leading blank comment\n\t\n# /x ext4 defaults 0 0\nLABEL=a /a ext4 defaults 0 1 # trailing words are ignored\n"
                + "/dev/b /b ext4 defaults 0 0,3\nproc /proc proc\n//srv/s /mnt/my\\040disk cifs user=a\\054b,context=\"x,y\"\n"), "f");
        assertEquals(List.of("/a", "/proc", "/mnt/my disk"), fstab.entries().stream().map(FstabEntry::mountPoint).toList());
        assertEquals(List.of("f:5: the fsck pass number '0,3' is not a number; mount(8) ignores the line"),
                fstab.problems().stream().map(Object::toString).toList());
        FstabEntry proc = fstab.entries("/proc").get(0);
        assertNull(proc.rawOptions());
        assertEquals(List.of(), proc.options());
        FstabEntry cifs = fstab.entries("/mnt/my disk").get(0);
        assertEquals(List.of("user=a,b", "context=\"x,y\""), cifs.options());
        assertEquals("user=a\\054b,context=\"x,y\"", cifs.rawOptions());
        assertEquals(7, cifs.line());
    }

    @Test
    void aTrailingSlashDoesNotCount() {
        String fstab = "/dev/foo\t\t/any/foo/\t\tauto\tdefaults 0 0\n";
        assertEquals(1, Fstab.parse(b(fstab), "f").entries("/any/foo").size());
        assertEquals("/dev/foo\t\t/any/foo/\t\tauto\tdefaults,noatime 0 0\n", edit(fstab, "/any/foo", NOATIME));
        assertEquals("/dev/foo\t\t/any/foo/\t\tauto\tdefaults,noatime 0 0\n", edit(fstab, "/any/foo/", NOATIME));
    }

    @Test
    void crlfAndAMissingFinalNewlineAreKept() {
        assertEquals("# c\r\nUUID=1 / ext4 defaults,noatime 0 1\r\nUUID=2 /home ext4 defaults 0 2\r\n",
                edit("# c\r\nUUID=1 / ext4 defaults 0 1\r\nUUID=2 /home ext4 defaults 0 2\r\n", "/", NOATIME));
        assertEquals("UUID=1 / ext4 defaults,noatime\r\n", edit("UUID=1 / ext4 defaults\r\n", "/", NOATIME));
        assertEquals("UUID=1 / ext4 errors=remount-ro,noatime", edit("UUID=1 / ext4 errors=remount-ro", "/", NOATIME));
        assertEquals("UUID=1 / ext4 noatime\r", edit("UUID=1 / ext4\r", "/", NOATIME));
    }

    @Test
    void aLineWithThreeFieldsGetsItsOptionsFieldSeparatedLikeTheType() {
        assertEquals("proc\t/proc\tproc\tnoatime\n", edit("proc\t/proc\tproc\n", "/proc", NOATIME));
        assertEquals("tmpfs /tmp  tmpfs  lazytime  \n", edit("tmpfs /tmp  tmpfs  \n", "/tmp", new MountOptions(null, true)));
        FstabResult.Edited nothing = assertInstanceOf(FstabResult.Edited.class,
                FstabEditor.set(b("proc /proc proc\n"), "f", "/proc", new MountOptions(null, false)));
        assertFalse(nothing.changed());
        assertNull(nothing.newOptions());
    }

    @Test
    void escapedMountPointsAreMatchedAfterDecoding() {
        String fstab = "//nas/Disque\\040dur /mnt/Disque\\040dur cifs credentials=/root/.c,uid=1000 0 0\n";
        assertEquals("//nas/Disque\\040dur /mnt/Disque\\040dur cifs credentials=/root/.c,uid=1000,noatime 0 0\n",
                edit(fstab, "/mnt/Disque dur", NOATIME));
        assertInstanceOf(FstabResult.NotInFstab.class, FstabEditor.set(b(fstab), "f", "/mnt/Disque\\040dur", NOATIME));
    }

    @Test
    void accessTimeOptionsReplaceEachOtherAndDefaultsStays() {
        String line = "/dev/a /a ext4 %s 0 0\n";
        assertEquals(line.formatted("noatime,nodiratime"), edit(line.formatted("relatime,nodiratime,norelatime"), "/a", NOATIME));
        assertEquals(line.formatted("defaults,relatime,user_xattr"),
                edit(line.formatted("defaults,strictatime,user_xattr,nostrictatime"), "/a", new MountOptions("relatime", null)));
        assertEquals(line.formatted("defaults,noatime"), edit(line.formatted("defaults"), "/a", NOATIME));
        assertEquals(line.formatted("atime,defaults"), edit(line.formatted("noatime,defaults"), "/a", new MountOptions("atime", null)));
        assertEquals(line.formatted("defaults,noatime"), edit(line.formatted("defaults,noatime,noatime"), "/a", NOATIME));
    }

    @Test
    void lazytimeIsAddedReplacingNolazytimeAndRemovedWithoutAddingAnything() {
        String line = "/dev/a /a ext4 %s 0 0\n";
        assertEquals(line.formatted("defaults,lazytime"), edit(line.formatted("defaults,nolazytime"), "/a", new MountOptions(null, true)));
        assertEquals(line.formatted("noatime"), edit(line.formatted("noatime,lazytime"), "/a", new MountOptions(null, false)));
        assertEquals(line.formatted("defaults"), edit(line.formatted("lazytime"), "/a", new MountOptions(null, false)));
        assertEquals(line.formatted("relatime,lazytime"), edit(line.formatted("relatime"), "/a", new MountOptions("relatime", true)));
    }

    @Test
    void applyingTwiceChangesNothing() {
        String once = edit("/dev/a /a ext4 defaults,nolazytime 0 0\n", "/a", new MountOptions("noatime", true));
        FstabResult.Edited twice = assertInstanceOf(FstabResult.Edited.class,
                FstabEditor.set(b(once), "f", "/a", new MountOptions("noatime", true)));
        assertFalse(twice.changed());
        assertEquals(once, new String(twice.after(), StandardCharsets.UTF_8));
        assertEquals("defaults,lazytime,noatime", twice.oldOptions());
    }

    @Test
    void twoLinesForOneMountPointAreRefused() {
        String message = refused("/dev/sdc1 / btrfs subvol=root 0 0\n/dev/sdc2 / btrfs subvol=root 0 0\n", "/", NOATIME);
        assertEquals("/etc/fstab mounts / on lines 1 and 2; keep one of them, then run again", message);
    }

    @Test
    void aBrokenLineNamingTheMountPointIsRefusedOtherBrokenLinesAreNot() {
        String fstab = "bug\n/dev/a /a ext4 defaults x 0\n/dev/b /b ext4 defaults 0 0\n";
        assertEquals("/etc/fstab:2 names /a but the dump frequency 'x' is not a number; mount(8) ignores the line; fix that line, then run again",
                refused(fstab, "/a", NOATIME));
        assertEquals("bug\n/dev/a /a ext4 defaults x 0\n/dev/b /b ext4 defaults,noatime 0 0\n", edit(fstab, "/b", NOATIME));
    }

    @Test
    void swapAndNoneAreNotMountPoints() {
        String fstab = "UUID=1 none swap sw 0 0\n/swapfile swap swap defaults 0 0\n/dev/sdb2 /swap swap sw 0 0\n";
        assertTrue(refused(fstab, "none", NOATIME).startsWith("'none' is not a mount point"));
        assertTrue(refused(fstab, "swap", NOATIME).startsWith("'swap' is not a mount point"));
        assertEquals("/etc/fstab:3 is a swap line; swap has no mount options to set", refused(fstab, "/swap", NOATIME));
    }

    @Test
    void aMountPointNotInFstabIsReportedNotInvented() {
        FstabResult result = FstabEditor.set(b("# nothing\n"), "/etc/fstab", "/home", NOATIME);
        assertEquals("/home has no line in /etc/fstab (a systemd .mount unit, autofs or a manual mount mounts it); disktune does not "
                + "invent fstab lines: add one for it, or set the options where it is mounted",
                assertInstanceOf(FstabResult.NotInFstab.class, result).message());
    }

    @Test
    void nonUtf8BytesElsewhereAreKept() {
        byte[] fstab = {'#', (byte) 0xe9, '\n', '/', 'd', ' ', '/', 'a', ' ', 'x', ' ', 'r', 'w', '\n'};
        FstabResult.Edited e = assertInstanceOf(FstabResult.Edited.class, FstabEditor.set(fstab, "f", "/a", NOATIME));
        byte[] after = e.after();
        assertEquals((byte) 0xe9, after[1]);
        assertEquals("/d /a x rw,noatime\n", new String(after, 3, after.length - 3, StandardCharsets.ISO_8859_1));
    }

    @Test
    void remountIsOneArgumentListWithExplicitFlags() {
        assertEquals(List.of("mount", "-o", "remount,noatime", "/home"), MountArgs.remount("/home", NOATIME));
        assertEquals(List.of("mount", "-o", "remount,relatime,nolazytime", "/srv/my disk"),
                MountArgs.remount("/srv/my disk", new MountOptions("atime", false)));
        assertEquals(List.of("mount", "-o", "remount,lazytime", "/"), MountArgs.remount("/", new MountOptions(null, true)));
        DisktuneException e = assertThrows(DisktuneException.class, () -> MountArgs.remount("/home\n/etc", NOATIME));
        assertEquals(ExitCode.USAGE, e.exitCode());
        assertEquals("'/home?/etc' is not a mount point disktune remounts (an absolute path without control characters); fix the [mount] section",
                e.getMessage());
        assertThrows(DisktuneException.class, () -> MountArgs.remount("none", NOATIME));
        assertThrows(IllegalArgumentException.class, () -> MountArgs.remount("/home", new MountOptions(null, null)));
        assertThrows(IllegalArgumentException.class, () -> new MountOptions("nodiratime", null));
    }
}
