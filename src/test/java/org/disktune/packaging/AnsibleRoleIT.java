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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The Ansible collection in ansible/ (galaxy.yml, the role roles/disktune), run by Debian's ansible-playbook (package
 * ansible, for the community.general.chroot connection) against a disposable copy of the cached Debian 12 root with
 * dracut and systemd, with python3 and python3-apt added for Ansible's modules and /proc mounted for dracut. First
 * the ecosystem's checks: ansible-lint passes, {@code ansible-galaxy collection build} makes the collection and
 * {@code ansible-galaxy collection install} installs it. The desired state is {@code libata force=noncq}: apply
 * writes modprobe.d and rebuilds the initramfs with the real dracut, and exits 3 (reboot needed). In order: no package
 * to install and a package file that is not there fail in one line, changing nothing; check mode through the installed
 * collection (role disktune.disktune.disktune) reports what would change and changes nothing; the real run, as
 * docs/install.md writes it from the repository root, installs the package, renders the file, applies, notifies the
 * reboot handler and returns verify's JSON as a fact (read from the jsonfile fact cache); a second real run and a
 * check-mode run report no change; after dpkg -r, a run naming a local apt repository installs from it; an edit behind disktune's back fails the verify step with disktune's reason. A
 * few minutes (a JRE install and a dracut run inside the root).
 */
@Tag("package")
class AnsibleRoleIT {
    private static final Pattern RECAP = Pattern.compile("ok=(\\d+)\\s+changed=(\\d+)\\s+unreachable=(\\d+)\\s+failed=(\\d+)");
    private static final String REBOOT_NEEDED = "disktune: a reboot is needed for the module options to take effect";

    @Test
    void lintBuildAndInstallAsACollection(@TempDir Path work) throws IOException {
        requireProgram("ansible-lint", "ansible-lint");
        Run lint = host(List.of("ansible-lint"), Map.of("NO_COLOR", "1"), Path.of("ansible"));
        assertEquals(0, lint.exitCode(), "ansible-lint: " + lint.stdout() + lint.stderr());
        Path collection = buildAndInstallCollection(work);
        assertTrue(Files.isRegularFile(collection.resolve("ansible_collections/disktune/disktune/roles/disktune/tasks/main.yml")),
                "the installed collection holds the role");
        assertFalse(Files.exists(collection.resolve("ansible_collections/disktune/disktune/tests")), "the tests stay out of it");
        String galaxy = Files.readString(Path.of("ansible/galaxy.yml"));
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher version = Pattern.compile("(?m)^version: (\\S+)$").matcher(galaxy);
        assertTrue(version.find(), galaxy);
        assertTrue(pom.contains("<artifactId>disktune</artifactId>\n  <version>" + version.group(1) + "</version>"),
                "the collection's version is disktune's: " + version.group(1));
    }

    @Test
    void checkModeThenTwoRealRunsThenDrift(@TempDir Path work) throws IOException {
        requireProgram("ansible-playbook", "ansible");
        Path deb = deb();
        String debFromRoot = Path.of("").toAbsolutePath().relativize(deb).toString();
        Path collections = buildAndInstallCollection(work);
        Path facts = work.resolve("facts");
        DebianRoot cached = RealDebianRoots.get(Generator.DRACUT);
        long start = System.nanoTime();
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(cached)) {
            DebianRoot root = copy.root();
            copyDebs(archiveCache(cached), root.path("/var/cache/apt/archives"));
            apt(root, "update", "-qq");
            apt(root, "install", "-y", "-qq", "--no-install-recommends", "python3", "python3-apt");
            copyDebs(root.path("/var/cache/apt/archives"), archiveCache(cached));
            copy.mountProc();
            Path inventory = Files.writeString(work.resolve("hosts"),
                    "disktune-root ansible_host=" + root.dir() + " ansible_connection=community.general.chroot\n");
            step("root with python3", start);

            Run none = playbook(inventory, facts, "ansible/tests/playbook.yml");
            assertEquals(1, recap(none)[3], none.stdout());
            assertTrue(none.stdout().contains("disktune: no package to install: set disktune_deb"), none.stdout());
            Run missing = playbook(inventory, facts, "ansible/tests/playbook.yml", "-e", "disktune_deb=target/no-such.deb");
            assertEquals(1, recap(missing)[3], missing.stdout());
            assertTrue(missing.stdout().contains("disktune: disktune_deb target/no-such.deb is not a .deb file on the controller"), missing.stdout());
            assertEquals("not-installed", status(root), "a refused run installs nothing");

            Path viaCollection = Files.writeString(work.resolve("collection-playbook.yml"), Files.readString(Path.of("ansible/tests/playbook.yml"))
                    .replace("- role: disktune\n", "- role: disktune.disktune.disktune\n"));
            Run check = playbook(inventory, facts, viaCollection.toString(), "-e", "disktune_deb=" + deb, "--check",
                    "ANSIBLE_COLLECTIONS_PATH=" + collections);
            assertEquals(0, recap(check)[3], check.stdout());
            assertTrue(recap(check)[1] > 0, "check mode reports what would change: " + check.stdout());
            assertTrue(check.stdout().contains("disktune.disktune.disktune : Copy the disktune package"), "the collection's role ran: " + check.stdout());
            assertEquals("not-installed", status(root), "check mode installs nothing");
            assertFalse(Files.exists(root.path("/etc/disktune"), LinkOption.NOFOLLOW_LINKS), "check mode writes no configuration");
            step("bad input, check mode on the fresh root", start);

            Run first = playbook(inventory, facts, "ansible/tests/playbook.yml", "-e", "disktune_deb=" + debFromRoot);
            int[] firstRecap = recap(first);
            assertEquals(0, firstRecap[3], first.stdout());
            assertTrue(firstRecap[1] > 0, "the first run changes the host: " + first.stdout());
            assertTrue(first.stdout().contains(REBOOT_NEEDED), "apply exited 3, so the reboot handler ran: " + first.stdout());
            assertEquals("installed", status(root));
            String conf = Files.readString(root.path("/etc/disktune/disktune.conf"));
            assertTrue(conf.contains("[module libata]\nforce = noncq\n"), conf);
            assertTrue(Files.readString(root.path("/etc/modprobe.d/disktune.conf")).contains("options libata force=noncq\n"));
            assertTrue(Files.isSymbolicLink(root.path("/etc/systemd/system/multi-user.target.wants/disktune.service")));
            JsonNode report = new ObjectMapper().readTree(facts.resolve("disktune-root").toFile()).path("disktune_verify_report");
            assertTrue(List.of("ok", "pending").contains(report.path("status").asText()), "verify's JSON as a fact: " + report);
            assertTrue(report.path("checks").size() > 0, report.toString());
            step("first real run", start);

            Run second = playbook(inventory, facts, "ansible/tests/playbook.yml", "-e", "disktune_deb=" + debFromRoot);
            assertEquals(0, recap(second)[1], "the second run changes nothing: " + second.stdout());
            assertFalse(second.stdout().contains(REBOOT_NEEDED), "no reboot handler when apply changed nothing: " + second.stdout());
            Run checkAgain = playbook(inventory, facts, "ansible/tests/playbook.yml", "-e", "disktune_deb=" + debFromRoot, "--check");
            assertEquals(0, recap(checkAgain)[1], "check mode after a real run: the plan is empty: " + checkAgain.stdout());
            assertTrue(checkAgain.stdout().contains("disktune plan --json"), checkAgain.stdout());
            step("second real run, check mode", start);

            // the package from an apt repository the user names (a local one: a directory with the .deb and its index)
            Path repo = Files.createDirectories(work.resolve("repo"));
            Files.copy(deb, repo.resolve(deb.getFileName()));
            Files.writeString(repo.resolve("Packages"), host(List.of("dpkg-scanpackages", "--multiversion", "."), Map.of(), repo)
                    .requireSuccess().stdout());
            host(List.of("cp", "-r", repo.toString(), root.path("/srv/disktune-repo").toString()), Map.of()).requireSuccess();
            root.runWithProc("dpkg", "-r", "disktune").requireSuccess();
            Run fromRepository = playbook(inventory, facts, "ansible/tests/playbook.yml", "-e", "disktune_deb=",
                    "-e", "disktune_apt_repository='deb [trusted=yes] file:/srv/disktune-repo ./'");
            assertEquals(0, recap(fromRepository)[3], fromRepository.stdout());
            assertEquals("installed", status(root), "installed from the repository: " + fromRepository.stdout());
            assertTrue(Files.readString(root.path("/etc/apt/sources.list.d/disktune.list")).contains("file:/srv/disktune-repo"));
            step("install from an apt repository", start);

            Files.writeString(root.path("/etc/modprobe.d/disktune.conf"), "options libata force=ncq\n",
                    java.nio.file.StandardOpenOption.APPEND);
            Run drift = playbook(inventory, facts, "ansible/tests/playbook.yml", "-e", "disktune_deb=" + debFromRoot, "--tags", "disktune_verify");
            assertEquals(1, recap(drift)[3], "drift fails the host: " + drift.stdout());
            assertTrue(drift.stdout().contains("disktune verify exited 1: /etc/modprobe.d/disktune.conf"), drift.stdout());
            assertTrue(drift.stdout().contains("changed outside disktune"), "the JSON's reason: " + drift.stdout());
            JsonNode drifted = new ObjectMapper().readTree(facts.resolve("disktune-root").toFile()).path("disktune_verify_report");
            assertEquals("drift", drifted.path("status").asText(), "the fact holds the drift: " + drifted);
            step("drift", start);
        }
    }

    /** ansible-galaxy collection build of ansible/ into target/, then install into a directory of {@code work}. */
    private static Path buildAndInstallCollection(Path work) {
        Run build = host(List.of("ansible-galaxy", "collection", "build", "ansible", "--output-path", "target", "--force"), Map.of()).requireSuccess();
        Matcher built = Pattern.compile("Created collection for disktune.disktune at (\\S+\\.tar\\.gz)").matcher(build.stdout());
        assertTrue(built.find(), build.stdout());
        Path collections = work.resolve("collections");
        host(List.of("ansible-galaxy", "collection", "install", "-p", collections.toString(), built.group(1)), Map.of()).requireSuccess();
        return collections;
    }

    /** ansible-playbook from the repository root; trailing NAME=VALUE arguments are environment variables. */
    private static Run playbook(Path inventory, Path facts, String playbook, String... extra) {
        List<String> argv = new ArrayList<>(List.of("ansible-playbook", "-i", inventory.toString(), playbook));
        Map<String, String> env = new java.util.HashMap<>(Map.of("ANSIBLE_NOCOLOR", "1", "ANSIBLE_FORCE_COLOR", "0",
                "ANSIBLE_RETRY_FILES_ENABLED", "0", "ANSIBLE_CACHE_PLUGIN", "jsonfile", "ANSIBLE_CACHE_PLUGIN_CONNECTION", facts.toString()));
        for (String e : extra) {
            if (e.matches("[A-Z_]+=.*")) {
                env.put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
            } else {
                argv.add(e);
            }
        }
        Run run = host(argv, env);
        System.out.println(String.join(" ", argv.subList(3, argv.size())) + " run: "
                + run.stdout().lines().filter(l -> l.contains("changed=")).findFirst().orElse("(no recap)"));
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
