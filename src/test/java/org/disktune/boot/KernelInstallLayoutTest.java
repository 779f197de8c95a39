package org.disktune.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.LiveTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where kernel-install puts a kernel, found as systemd 252's kernel-install script finds it: install.conf's layout
 * (/etc's file before /usr/lib's, never merged), the entry token from /etc/kernel/entry-token or the first candidate
 * (machine ID, IMAGE_ID, ID, Default) with a directory, $BOOT from /efi, /boot, /boot/efi, and the layout guessed from
 * loader/entries.srel or the token directory.
 */
class KernelInstallLayoutTest {
    private static final String MACHINE_ID = "4f2a9c1e8b7d4e6fa0c3b5d7e9f1a2b4";

    @TempDir
    Path root;

    private void write(String machinePath, String text) throws IOException {
        Path p = root.resolve(machinePath.substring(1));
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private void dir(String machinePath) throws IOException {
        Files.createDirectories(root.resolve(machinePath.substring(1)));
    }

    private KernelInstallLayout read() {
        return KernelInstallLayout.read(new LiveTree(root, () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log");
        }));
    }

    private static String row(KernelInstallLayout l) {
        return l.bootRoot() + " " + l.entryToken() + " " + l.layout() + " (" + l.layoutSource() + ")";
    }

    @Test
    void theMachineIdDirectoryDecidesBootTokenAndLayout() throws IOException {
        write("/etc/machine-id", MACHINE_ID + "\n");
        dir("/boot/" + MACHINE_ID);
        assertEquals("/boot " + MACHINE_ID + " bls (/boot/" + MACHINE_ID + " is a directory)", row(read()));
    }

    @Test
    void withoutAMachineIdDirectoryTheOsReleaseIdOneIsTheToken() throws IOException {
        write("/etc/machine-id", MACHINE_ID + "\n");
        write("/etc/os-release", "NAME=\"Fedora Linux\"\nIMAGE_ID=\"\"\nID=fedora\n");
        dir("/efi/fedora");
        assertEquals("/efi fedora bls (/efi/fedora is a directory)", row(read()));
    }

    @Test
    void aLoaderEntriesDirectoryStopsTheSearchBeforeTheNextCandidateAsTheScriptDoes() throws IOException {
        write("/etc/machine-id", MACHINE_ID + "\n");
        write("/etc/os-release", "ID=debian\n");
        dir("/efi/loader/entries");
        dir("/efi/debian");
        // /efi/MACHINE_ID is missing, and /efi/loader/entries ends the loop there: debian is never tried
        assertEquals("/efi " + MACHINE_ID + " other (neither /efi/loader/entries.srel nor /efi/" + MACHINE_ID + " exists)", row(read()));
    }

    @Test
    void theEntryTokenFileWinsAndEtcInstallConfShadowsTheVendorsWhole() throws IOException {
        write("/etc/machine-id", MACHINE_ID + "\n");
        write("/etc/kernel/entry-token", "  my-token  \n");
        write("/usr/lib/kernel/install.conf", "layout=bls\nuki_generator=ukify\n");
        write("/etc/kernel/install.conf", "# See kernel-install(8)\n#layout=bls\nlayout='uki'\n");
        dir("/boot/efi/loader/entries");
        KernelInstallLayout l = read();
        assertEquals("/boot/efi my-token uki (/etc/kernel/install.conf layout=uki)", row(l));
        assertEquals("", l.ukiGenerator(), "/usr/lib's uki_generator is not read when /etc has install.conf");
    }

    @Test
    void entriesSrelTellsTheLayoutBeforeTheTokenDirectory() throws IOException {
        write("/etc/machine-id", MACHINE_ID + "\n");
        dir("/boot/" + MACHINE_ID);
        write("/boot/loader/entries.srel", "type1\n");
        assertEquals("bls", read().layout());
        write("/boot/loader/entries.srel", "type2-uki\n");
        assertEquals("/boot " + MACHINE_ID + " other (/boot/loader/entries.srel says type2-uki)", row(read()));
    }

    @Test
    void withNothingToFindAMountedEspIsBootAndTheLayoutIsOther() throws IOException {
        write("/etc/machine-id", MACHINE_ID + "\n");
        write("/proc/mounts", "/dev/sda2 / ext4 rw 0 0\n/dev/sda1 /boot/efi vfat rw 0 0\n");
        assertEquals("/boot/efi " + MACHINE_ID + " other (neither /boot/efi/loader/entries.srel nor /boot/efi/" + MACHINE_ID
                + " exists)", row(read()));
        Files.delete(root.resolve("proc/mounts"));
        assertEquals("/boot", read().bootRoot(), "no candidate at all: /boot");
    }

    @Test
    void machineIdComesFromInstallConfThenMachineInfoAndUninitializedIsNone() throws IOException {
        write("/etc/machine-id", "uninitialized\n");
        assertEquals(null, read().machineId());
        assertEquals(null, read().entryToken(), "kernel-install would make up a random ID: no token disktune can know");
        write("/etc/machine-info", "KERNEL_INSTALL_MACHINE_ID=0123456789abcdef0123456789abcdef\n");
        assertEquals("0123456789abcdef0123456789abcdef", read().entryToken());
        write("/etc/kernel/install.conf", "MACHINE_ID=fedcba9876543210fedcba9876543210\nBOOT_ROOT=/efi\n");
        KernelInstallLayout l = read();
        assertEquals("/efi fedcba9876543210fedcba9876543210", l.bootRoot() + " " + l.entryToken());
    }

    @Test
    void anInstallConfTheScannerCannotReadIsAnError() throws IOException {
        write("/etc/kernel/install.conf", "layout=\"bls\n");
        DisktuneException e = assertThrows(DisktuneException.class, this::read);
        assertEquals(true, e.getMessage().startsWith("/etc/kernel/install.conf"), e.getMessage());
    }
}
