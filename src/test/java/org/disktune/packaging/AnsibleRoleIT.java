package org.disktune.packaging;

import static org.disktune.packaging.DebTestSupport.apt;
import static org.disktune.packaging.DebTestSupport.archiveCache;
import static org.disktune.packaging.DebTestSupport.copyDebs;
import static org.disktune.packaging.DebTestSupport.deb;
import static org.disktune.packaging.DebTestSupport.host;
import static org.disktune.packaging.DebTestSupport.requireProgram;
import static org.disktune.packaging.DebTestSupport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RealDebianRoots.Generator;
import org.disktune.initramfs.RealDebianRoots.Run;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Ansible role in ansible/roles/disktune, run by Debian's ansible-playbook (package ansible, for the
 * community.general.chroot connection) with ansible/tests/playbook.yml against a disposable copy of the cached
 * Debian 12 root with dracut and systemd, with python3 and python3-apt added for Ansible's modules and /proc
 * mounted for dracut. The desired state is {@code libata force=noncq}: apply writes modprobe.d and rebuilds
 * the initramfs with the real dracut, and exits 3 (reboot needed). In order: check mode on the fresh root
 * changes nothing; the real run installs the package, renders the file, applies and notifies the reboot
 * handler; a second real run and a check-mode run report no change; an edit behind disktune's back fails
 * the verify step with disktune's reason. A few minutes (a JRE install and a dracut run inside the root).
 */
@Tag("package")
class AnsibleRoleIT {
    private static final Pattern RECAP = Pattern.compile("ok=(\\d+)\\s+changed=(\\d+)\\s+unreachable=(\\d+)\\s+failed=(\\d+)");
    private static final String REBOOT_NEEDED = "disktune: a reboot is needed for the module options to take effect";

    @Test
    void checkModeThenTwoRealRunsThenDrift(@TempDir Path work) throws IOException {
        requireProgram("ansible-playbook", "ansible");
        Path deb = deb();
        DebianRoot cached = RealDebianRoots.get(Generator.DRACUT);
        long start = System.nanoTime();
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(cached)) {
            DebianRoot root = copy.root();
            copyDebs(archiveCache(cached), root.path("/var/cache/apt/archives"));
            apt(root, "update", "-qq");
            apt(root, "install", "-y", "-qq", "--no-install-recommends", "python3", "python3-apt");
            copyDebs(root.path("/var/cache/apt/archives"), archiveCache(cached));
            copy.mountProc();
            Path inventory = Files.writeString(work.resolve("hosts"), root.dir() + " ansible_connection=community.general.chroot\n");
            step("root with python3", start);

            Run check = playbook(inventory, deb, "--check");
            assertEquals(0, recap(check)[3], check.stdout());
            assertEquals("not-installed", status(root), "check mode installs nothing");
            assertFalse(Files.exists(root.path("/etc/disktune"), LinkOption.NOFOLLOW_LINKS), "check mode writes no configuration");
            step("check mode on the fresh root", start);

            Run first = playbook(inventory, deb);
            int[] firstRecap = recap(first);
            assertTrue(firstRecap[1] > 0, "the first run changes the host: " + first.stdout());
            assertTrue(first.stdout().contains(REBOOT_NEEDED), "apply exited 3, so the reboot handler ran: " + first.stdout());
            assertEquals("installed", status(root));
            String conf = Files.readString(root.path("/etc/disktune/disktune.conf"));
            assertTrue(conf.contains("[module libata]\nforce = noncq\n"), conf);
            assertTrue(Files.readString(root.path("/etc/modprobe.d/disktune.conf")).contains("options libata force=noncq\n"));
            assertTrue(Files.isSymbolicLink(root.path("/etc/systemd/system/multi-user.target.wants/disktune.service")));
            step("first real run", start);

            Run second = playbook(inventory, deb);
            assertEquals(0, recap(second)[1], "the second run changes nothing: " + second.stdout());
            assertFalse(second.stdout().contains(REBOOT_NEEDED), "no reboot handler when apply changed nothing: " + second.stdout());
            Run checkAgain = playbook(inventory, deb, "--check");
            assertEquals(0, recap(checkAgain)[1], "check mode after a real run: the plan is empty: " + checkAgain.stdout());
            assertTrue(checkAgain.stdout().contains("disktune plan --json"), checkAgain.stdout());
            step("second real run, check mode", start);

            Files.writeString(root.path("/etc/modprobe.d/disktune.conf"), "options libata force=ncq\n",
                    java.nio.file.StandardOpenOption.APPEND);
            Run drift = playbook(inventory, deb, "--tags", "disktune_verify");
            assertEquals(1, recap(drift)[3], "drift fails the host: " + drift.stdout());
            assertTrue(drift.stdout().contains("disktune verify exited 1: /etc/modprobe.d/disktune.conf"), drift.stdout());
            assertTrue(drift.stdout().contains("changed outside disktune"), "the JSON's reason: " + drift.stdout());
            step("drift", start);
        }
    }

    private static Run playbook(Path inventory, Path deb, String... extra) {
        List<String> argv = new ArrayList<>(List.of("ansible-playbook", "-i", inventory.toString(), "ansible/tests/playbook.yml",
                "-e", "disktune_deb=" + deb));
        argv.addAll(List.of(extra));
        Run run = host(argv, Map.of("ANSIBLE_ROLES_PATH", Path.of("ansible/roles").toAbsolutePath().toString(),
                "ANSIBLE_NOCOLOR", "1", "ANSIBLE_FORCE_COLOR", "0", "ANSIBLE_RETRY_FILES_ENABLED", "0"));
        System.out.println(String.join(" ", extra) + " run: " + run.stdout().lines().filter(l -> l.contains("changed=")).findFirst().orElse("(no recap)"));
        return run;
    }

    /** ok, changed, unreachable, failed of the play recap's one host. */
    private static int[] recap(Run run) {
        Matcher m = RECAP.matcher(run.stdout());
        if (!m.find()) {
            fail("no PLAY RECAP (exit " + run.exitCode() + "): " + run.stdout() + run.stderr());
        }
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4))};
    }

    private static void step(String what, long start) {
        System.out.printf("AnsibleRoleIT: %s done at %.1f s%n", what, (System.nanoTime() - start) / 1e9);
    }
}
