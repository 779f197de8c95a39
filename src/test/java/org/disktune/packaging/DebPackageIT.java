package org.disktune.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.disktune.packaging.DebTestSupport.apt;
import static org.disktune.packaging.DebTestSupport.archiveCache;
import static org.disktune.packaging.DebTestSupport.copyDebs;
import static org.disktune.packaging.DebTestSupport.deb;
import static org.disktune.packaging.DebTestSupport.host;
import static org.disktune.packaging.DebTestSupport.requireProgram;
import static org.disktune.packaging.DebTestSupport.status;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RealDebianRoots.Generator;
import org.disktune.initramfs.RealDebianRoots.Run;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Debian package that {@code mvn package} builds (target/disktune_VERSION_all.deb, jdeb), installed the
 * way an admin installs a downloaded .deb: {@code dpkg -i}, then {@code apt-get -f install} for its
 * dependencies, in a disposable copy of the cached Debian 12 root that has systemd (the dracut root:
 * systemd-sysv). Then removed and purged, checking that exactly what docs/install.md ("Install from the .deb") says
 * stays. An integration test (failsafe, after package), since it needs the .deb: about a minute, most of it
 * apt installing a JRE (the downloaded .debs are kept beside the cached roots, so only the first run downloads).
 * lintian's check is here too: 0 errors (its warnings are listed with their reasons in docs/install.md).
 */
@Tag("package")
class DebPackageIT {
    /** The tuning disktune writes into system files: the admin's, kept by remove and by purge (docs/install.md). */
    private static final List<String> TUNING = List.of("/etc/udev/rules.d/90-disktune.rules", "/etc/modprobe.d/disktune.conf",
            "/etc/dracut.conf.d/disktune.conf");
    /** disktune's own state: kept by remove, gone after purge. */
    private static final List<String> STATE = List.of("/etc/disktune/disktune.conf", "/var/lib/disktune/journal/20261201T120000Z-0001.json");
    /** What deb-systemd-helper keeps of a removed package's enabled timer until purge (as for every Debian package). */
    private static final List<String> SYSTEMD_STATE = List.of("/etc/systemd/system/disktune-verify.timer",
            "/etc/systemd/system/timers.target.wants/disktune-verify.timer",
            "/var/lib/systemd/deb-systemd-helper-enabled/disktune-verify.timer.dsh-also",
            "/var/lib/systemd/deb-systemd-helper-enabled/timers.target.wants/disktune-verify.timer",
            "/var/lib/systemd/deb-systemd-helper-masked/disktune-verify.timer");

    @Test
    void lintianFindsNoError() {
        Path deb = deb();
        requireProgram("lintian", "lintian");
        long start = System.nanoTime();
        Run lintian = host(List.of("lintian", "--fail-on", "error", deb.toString()), Map.of());
        System.out.printf("lintian %s: %.1f s%n%s", deb.getFileName(), (System.nanoTime() - start) / 1e9, lintian.stdout());
        assertEquals(0, lintian.exitCode(), "lintian reported errors:\n" + lintian.stdout() + lintian.stderr());
        assertFalse(lintian.stdout().lines().anyMatch(l -> l.startsWith("E: ")), lintian.stdout());
    }

    @Test
    void installsRunsRemovesAndPurgesAsDocumented() throws IOException {
        Path deb = deb();
        DebianRoot cached = RealDebianRoots.get(Generator.DRACUT);
        Path archives = archiveCache(cached);
        long start = System.nanoTime();
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(cached)) {
            DebianRoot root = copy.root();
            step("copy of " + cached.dir().getFileName(), start);
            copyDebs(archives, root.path("/var/cache/apt/archives"));
            apt(root, "update", "-qq");
            // man-db first, so that the installed pages and the units' Documentation= can be checked inside
            apt(root, "install", "-y", "-qq", "--no-install-recommends", "man-db");
            step("apt-get update, man-db", start);
            Set<String> before = named(root);

            Files.copy(deb, root.path("/tmp/disktune.deb"));
            Run dpkg = root.runWithProc("dpkg", "-i", "/tmp/disktune.deb");
            // the JRE is not in the root yet: dpkg unpacks disktune and leaves it unconfigured for apt-get -f install
            assertTrue(dpkg.exitCode() == 0 || dpkg.stderr().contains("dependency problems"), "dpkg -i: " + dpkg.stdout() + dpkg.stderr());
            apt(root, "-f", "install", "-y", "-qq", "--no-install-recommends");
            copyDebs(root.path("/var/cache/apt/archives"), archives);
            step("dpkg -i, apt-get -f install", start);
            assertEquals("installed", status(root));

            // what the package holds
            List<String> listed = root.runWithProc("dpkg", "-L", "disktune").requireSuccess().stdout().lines().toList();
            Set<String> files = listed.stream().filter(p -> Files.isRegularFile(root.path(p), LinkOption.NOFOLLOW_LINKS))
                    .collect(Collectors.toCollection(TreeSet::new));
            for (String expected : List.of("/usr/share/disktune/disktune.jar", "/usr/sbin/disktune",
                    "/usr/lib/systemd/system/disktune.service", "/usr/lib/systemd/system/disktune-verify.service",
                    "/usr/lib/systemd/system/disktune-verify.timer", "/usr/share/man/man8/disktune.8.gz",
                    "/usr/share/man/man8/disktune-verify.8.gz", "/usr/share/man/man5/disktune.conf.5.gz",
                    "/usr/share/bash-completion/completions/disktune", "/usr/share/doc/disktune/examples/disktune.conf",
                    "/usr/share/doc/disktune/copyright", "/usr/share/doc/disktune/changelog.gz")) {
                assertTrue(files.contains(expected), expected + " is not in the package: " + files);
            }
            // README.md's links lead to docs/*.md: every one is installed beside it
            long docs = files.stream().filter(p -> p.startsWith("/usr/share/doc/disktune/docs/") && p.endsWith(".md.gz")).count();
            assertEquals(countFiles(Path.of("docs"), ".*\\.md"), docs, "every page of docs/ is installed, gzipped: " + files);
            long manPages = files.stream().filter(p -> p.startsWith("/usr/share/man/")).count();
            assertEquals(countFiles(Path.of("man"), ".*\\.[58]"), manPages, "every page of man/ is installed, gzipped: " + files);
            assertTrue(files.stream().filter(p -> p.startsWith("/usr/share/man/")).allMatch(p -> p.endsWith(".gz")), files.toString());

            // the commands the issue names, inside the root
            String version = root.runWithProc("dpkg-query", "-W", "-f", "${Version}", "disktune").requireSuccess().stdout();
            String printed = root.runWithProc("disktune", "--version").requireSuccess().stdout().strip();
            // the version of the package, and the git commit when the package was built from a checkout
            assertTrue(printed.matches(java.util.regex.Pattern.quote("disktune " + version.replace('~', '-')) + "( \\(git [0-9a-f]{7,40}\\))?"),
                    "--version names the packaged version: " + printed);
            String detect = root.runWithProc("disktune", "--sample", "seed-nforce4-arch", "detect").requireSuccess().stdout();
            assertTrue(detect.contains("sata_nv"), detect);
            Run example = root.runWithProc("disktune", "--sample", "seed-nforce4-arch", "--config",
                    "/usr/share/doc/disktune/examples/disktune.conf", "config", "check").requireSuccess();
            assertTrue(example.stdout().contains(": ok"), "the example configuration is valid: " + example.stdout());
            Run analyze = root.runWithProc("systemd-analyze", "verify", "/usr/lib/systemd/system/disktune.service",
                    "/usr/lib/systemd/system/disktune-verify.service", "/usr/lib/systemd/system/disktune-verify.timer");
            assertEquals(0, analyze.exitCode(), "systemd-analyze verify (Documentation= pages included): " + analyze.stderr());
            assertEquals("", analyze.stderr().strip(), "systemd-analyze verify warnings");
            for (String page : files.stream().filter(p -> p.startsWith("/usr/share/man/")).toList()) {
                Run man = root.runWithProc("env", "MANWIDTH=80", "MAN_KEEP_STDERR=1", "man", "--warnings", "-l", page);
                assertEquals(0, man.exitCode(), "man -l " + page + ": " + man.stderr());
                assertTrue(man.stdout().contains("NAME") && man.stdout().contains("disktune"), "man -l " + page + " shows the page");
                assertEquals("", man.stderr().strip(), "groff warnings of " + page);
            }
            Run completion = root.runWithProc("bash", "-c", "source /usr/share/bash-completion/completions/disktune && complete -p disktune")
                    .requireSuccess();
            assertTrue(completion.stdout().contains("disktune"), completion.stdout());

            // maintainer scripts: the verify timer enabled, nothing tuned, the class-data archive written
            assertTrue(Files.isSymbolicLink(root.path("/etc/systemd/system/timers.target.wants/disktune-verify.timer")), "verify timer enabled");
            assertFalse(Files.exists(root.path("/etc/systemd/system/multi-user.target.wants/disktune.service"),
                    LinkOption.NOFOLLOW_LINKS), "installing never enables tuning at boot");
            assertTrue(Files.size(root.path("/var/cache/disktune/disktune.jsa")) > 0, "postinst writes the class-data archive");
            assertTrue(Files.size(root.path("/var/cache/disktune/disktune-short.jsa")) > 0, "and the short commands' one");
            Set<String> installed = named(root);
            installed.removeAll(before);
            Set<String> expectedNew = listed.stream().filter(p -> p.contains("disktune")).collect(Collectors.toCollection(TreeSet::new));
            String jna = "/var/cache/disktune/jna-" + com.sun.jna.Native.VERSION_NATIVE;
            assertTrue(Files.size(root.path(jna + "/libjnidispatch.so")) > 0, "postinst unpacks JNA's dispatch library once");
            String zstd = "/var/cache/disktune/zstd-jni-" + com.github.luben.zstd.util.ZstdVersion.VERSION;
            expectedNew.addAll(List.of(zstd, zstd + "/libzstd-jni-" + com.github.luben.zstd.util.ZstdVersion.VERSION + ".so"));
            expectedNew.addAll(List.of("/var/cache/disktune", "/var/cache/disktune/disktune.jsa", "/var/cache/disktune/disktune-short.jsa",
                    jna, jna + "/libjnidispatch.so",
                    "/etc/systemd/system/timers.target.wants/disktune-verify.timer",
                    "/var/lib/systemd/deb-systemd-helper-enabled/disktune-verify.timer.dsh-also",
                    "/var/lib/systemd/deb-systemd-helper-enabled/timers.target.wants/disktune-verify.timer"));
            assertEquals(expectedNew, installed, "paths with disktune in them after installing: the package's and the maintainer scripts'");
            step("checks of the installed package", start);

            // the admin's use of disktune: its state and the tuning it wrote into system files
            for (String path : concat(TUNING, STATE)) {
                Files.createDirectories(root.path(path).getParent());
                Files.writeString(root.path(path), "# written by disktune in this test\n");
            }

            Run remove = root.runWithProc("dpkg", "-r", "disktune").requireSuccess();
            for (String kept : TUNING) {
                assertTrue(remove.stderr().contains(kept), "prerm names the tuning that stays: " + kept + " in " + remove.stderr());
            }
            assertTrue(remove.stderr().contains("disktune rollback"), remove.stderr());
            Set<String> afterRemove = named(root);
            afterRemove.removeAll(before);
            Set<String> keptByRemove = new TreeSet<>(concat(TUNING, STATE, SYSTEMD_STATE));
            keptByRemove.addAll(List.of("/etc/disktune", "/var/lib/disktune", "/var/lib/disktune/journal"));
            assertEquals(keptByRemove, afterRemove, "what dpkg -r leaves (docs/install.md)");
            assertEquals("config-files", status(root));
            for (String packaged : files) {
                assertFalse(Files.exists(root.path(packaged), LinkOption.NOFOLLOW_LINKS), packaged + " removed");
            }

            root.runWithProc("dpkg", "-P", "disktune").requireSuccess();
            Set<String> afterPurge = named(root);
            afterPurge.removeAll(before);
            assertEquals(new TreeSet<>(TUNING), afterPurge, "what dpkg -P leaves: only the tuning in system files (docs/install.md)");
            assertEquals("not-installed", status(root));
            step("dpkg -r, dpkg -P", start);
        }
    }

    private static void step(String what, long start) {
        System.out.printf("DebPackageIT: %s done at %.1f s%n", what, (System.nanoTime() - start) / 1e9);
    }

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
        return Stream.of(lists).flatMap(List::stream).toList();
    }

    /**
     * Paths inside the root with "disktune" in them, outside /proc, /tmp, dpkg's own database (checked through
     * dpkg-query), man-db's cache of formatted pages and the root's marker file.
     */
    private static Set<String> named(DebianRoot root) {
        Run find = root.run("find", "/", "-xdev", "(", "-path", "/proc", "-o", "-path", "/tmp", "-o", "-path", "/var/lib/dpkg", "-o", "-path", "/var/cache/man", ")",
                "-prune", "-o", "-path", "*disktune*", "-print").requireSuccess();
        return find.stdout().lines().filter(p -> !p.equals("/.disktune-root")).collect(Collectors.toCollection(TreeSet::new));
    }

    private static long countFiles(Path dir, String names) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().matches(names)).count();
        }
    }
}
