package org.disktune.apply;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class PlanRendererTest {
    private final PlanRenderer renderer = new PlanRenderer();

    private static byte[] text(String s) {
        return s.getBytes(UTF_8);
    }

    @Test
    void changedFileIsAUnifiedDiffWithThreeLinesOfContext() {
        String old = "# /etc/mkinitcpio.conf\nMODULES=\"sata_nv\"\nBINARIES=\"\"\n\nFILES=\"\"\n\nHOOKS=\"base udev autodetect\"\n"
                + "COMPRESSION=\"gzip\"\n# COMPRESSION_OPTIONS=\"\"\n";
        String now = old.replace("FILES=\"\"", "FILES=\"/etc/modprobe.d/disktune.conf\"");
        Plan plan = Plan.of(new WriteFile("/etc/mkinitcpio.conf", text(old), text(now), "put the options into the initramfs"));

        assertEquals("""
                # put the options into the initramfs
                --- a/etc/mkinitcpio.conf
                +++ b/etc/mkinitcpio.conf
                @@ -2,7 +2,7 @@
                 MODULES="sata_nv"
                 BINARIES=""
                \s
                -FILES=""
                +FILES="/etc/modprobe.d/disktune.conf"
                \s
                 HOOKS="base udev autodetect"
                 COMPRESSION="gzip"
                """, renderer.render(plan));
    }

    @Test
    void newFileDeletedFileProgramAndCheck() {
        Plan plan = Plan.of(
                new WriteFile("/etc/modprobe.d/disktune.conf", null,
                        text("# written by disktune; edit /etc/disktune/disktune.conf\noptions sata_nv adma=1\n"),
                        "sata_nv: enable ADMA"),
                new DeleteFile("/etc/modprobe.d/old.conf", text("options sata_nv adma=0\n"), "superseded"),
                new RunProgram(List.of("mkinitcpio", "-p", "kernel26", "--note", "it's"), "rebuild the initramfs",
                        List.of("/boot/kernel26.img")),
                new Verify("the image holds /etc/modprobe.d/disktune.conf",
                        new ImageHolds(List.of("/boot/initramfs-linux.img"), List.of("/etc/modprobe.d/disktune.conf"), List.of("mkinitcpio"))));

        assertEquals("""
                # sata_nv: enable ADMA
                --- /dev/null
                +++ b/etc/modprobe.d/disktune.conf
                @@ -0,0 +1,2 @@
                +# written by disktune; edit /etc/disktune/disktune.conf
                +options sata_nv adma=1
                # superseded
                --- a/etc/modprobe.d/old.conf
                +++ /dev/null
                @@ -1 +0,0 @@
                -options sata_nv adma=0
                # rebuild the initramfs
                $ mkinitcpio -p kernel26 --note 'it'\\''s'
                  rewrites /boot/kernel26.img
                # check: the image holds /etc/modprobe.d/disktune.conf
                """, renderer.render(plan));
    }

    @Test
    void missingFinalNewlineIsMarkedAsInDiff() {
        Plan plan = Plan.of(new WriteFile("/etc/fstab", text("/dev/sda1 / ext4 defaults 0 1"),
                text("/dev/sda1 / ext4 defaults,noatime 0 1"), "noatime on /"));

        assertEquals("""
                # noatime on /
                --- a/etc/fstab
                +++ b/etc/fstab
                @@ -1 +1 @@
                -/dev/sda1 / ext4 defaults 0 1
                \\ No newline at end of file
                +/dev/sda1 / ext4 defaults,noatime 0 1
                \\ No newline at end of file
                """, renderer.render(plan));
    }

    @Test
    void addingTheFinalNewlineShowsAsAChange() {
        Plan plan = Plan.of(new WriteFile("/etc/a", text("x\ny"), text("x\ny\n"), "newline"));

        assertEquals("""
                # newline
                --- a/etc/a
                +++ b/etc/a
                @@ -1,2 +1,2 @@
                 x
                -y
                \\ No newline at end of file
                +y
                """, renderer.render(plan));
    }

    @Test
    void binaryContentIsNotDiffed() {
        Plan plan = Plan.of(new WriteFile("/boot/initrd.img", new byte[] {0x1f, (byte) 0x8b, 0, 1}, new byte[] {0x1f,
                (byte) 0x8b, 0, 2}, "restore the image"));

        assertEquals("""
                # restore the image
                Binary files a/boot/initrd.img and b/boot/initrd.img differ
                """, renderer.render(plan));
    }

    @Test
    void unchangedWriteAndEmptyPlan() {
        assertEquals("# same\n(no change to /etc/a)\n",
                renderer.render(Plan.of(new WriteFile("/etc/a", text("a\n"), text("a\n"), "same"))));
        assertEquals("", renderer.render(Plan.empty()));
    }
}
