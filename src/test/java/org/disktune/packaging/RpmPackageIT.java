package org.disktune.packaging;

import static org.disktune.packaging.DebTestSupport.deb;
import static org.disktune.packaging.DebTestSupport.host;
import static org.disktune.packaging.DebTestSupport.requireProgram;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.disktune.core.Sha256;
import org.disktune.initramfs.DisposableDebianRoot;
import org.disktune.initramfs.RealDebianRoots;
import org.disktune.initramfs.RealDebianRoots.DebianRoot;
import org.disktune.initramfs.RealDebianRoots.Generator;
import org.disktune.initramfs.RealDebianRoots.Run;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RPM that {@code mvn package} builds (target/disktune-VERSION-1.noarch.rpm, rpmbuild with src/rpm/disktune.spec),
 * read and installed with Debian's rpm the way the RHEL family's rpm does it: rpmlint finds no error, the package
 * holds the .deb's files (the differences are the RHEL family's places: the licence, the changelog, the preset), its
 * scriptlets have the semantics of Fedora's systemd scriptlets, and {@code rpm --root} installs and erases it leaving
 * exactly what docs/install.md says, both in an empty root (files only) and in a copy of the cached Debian 12 root
 * with systemd (scriptlets with the real systemctl). A database that refuses the install changes nothing. Seconds,
 * besides copying the root.
 */
@Tag("package")
class RpmPackageIT {
    /** rpm's database where the RHEL family keeps it (Debian's rpm defaults to ~/.rpmdb). */
    private static final String DBPATH = "/var/lib/rpm";
    /** The tuning disktune writes into system files, and its state: the admin's, kept by an erase (docs/install.md). */
    private static final List<String> KEPT = List.of("/etc/udev/rules.d/90-disktune.rules", "/etc/modprobe.d/disktune.conf",
            "/etc/disktune/disktune.conf", "/var/lib/disktune/journal/20261201T120000Z-0001.json");
    /** The .deb's files that the RPM keeps elsewhere, and where (null: in the RPM's header, not as a file). */
    private static final Map<String, String> MOVED = Map.of(
            "/usr/share/doc/disktune/copyright", "/usr/share/licenses/disktune/copyright",
            "/usr/share/doc/disktune/README.md.gz", "/usr/share/doc/disktune/README.md",
            "/usr/share/doc/disktune/changelog.gz", "");
    private static final String PRESET = "/usr/lib/systemd/system-preset/90-disktune.preset";

    @Test
    void rpmlintFindsNoError() {
        Path rpm = rpm();
        requireProgram("rpmlint", "rpmlint");
        Run lint = host(List.of("rpmlint", "-c", "src/test/resources/rpmlint/disktune.toml", rpm.toString()), Map.of());
        System.out.println(lint.stdout());
        assertEquals(0, lint.exitCode(), "rpmlint reported errors:\n" + lint.stdout() + lint.stderr());
        assertFalse(lint.stdout().lines().anyMatch(l -> l.contains(": E: ")), lint.stdout());
        assertTrue(lint.stdout().contains(" 0 errors"), lint.stdout());
    }

    @Test
    void holdsTheDebsFilesAndFedorasSystemdScriptlets() throws IOException {
        Path rpm = rpm();
        Set<String> debFiles = host(List.of("dpkg-deb", "-c", deb().toString()), Map.of()).requireSuccess().stdout().lines()
                .filter(l -> l.startsWith("-"))
                .map(l -> l.substring(l.indexOf("./") + 1))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> expected = debFiles.stream().map(p -> MOVED.getOrDefault(p, p))
                .map(p -> p.startsWith("/usr/share/doc/disktune/docs/") ? p.substring(0, p.length() - ".gz".length()) : p)
                .filter(p -> !p.isEmpty())
                .collect(Collectors.toCollection(TreeSet::new));
        expected.add(PRESET);
        Set<String> rpmFiles = rpmQuery(rpm, "--qf", "[%{FILEMODES:perms} %{FILENAMES}\n]").lines()
                .filter(l -> l.startsWith("-")).map(l -> l.substring(l.indexOf(' ') + 1))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected, rpmFiles, "rpm -qlp: the .deb's files, the licence in /usr/share/licenses, the README and docs not gzipped, the preset");
        assertTrue(rpmQuery(rpm, "-l").lines().collect(Collectors.toSet()).containsAll(rpmFiles), "rpm -qlp lists them");

        // the same bytes as the .deb's: the jar is this build's, every file root's
        String digests = rpmQuery(rpm, "--qf", "[%{FILENAMES} %{FILEDIGESTS} %{FILEUSERNAME}:%{FILEGROUPNAME} %{FILEMODES:octal}\n]");
        assertTrue(digests.contains("/usr/share/disktune/disktune.jar " + Sha256.ofFile(Path.of("target/disktune.jar")) + " root:root 100644"), digests);
        assertTrue(digests.contains("/usr/sbin/disktune " + Sha256.ofFile(Path.of("src/deb/disktune")) + " root:root 100755"), digests);
        assertTrue(digests.lines().allMatch(l -> l.contains(" root:root ")), digests);
        assertTrue(rpmQuery(rpm, "--changelog").contains("First RPM package"), "the changelog is in the header");

        String requires = rpmQuery(rpm, "--requires");
        assertTrue(requires.lines().anyMatch("java-headless >= 1:17"::equals), "Requires a Java 17+ headless runtime: " + requires);
        assertEquals("hdparm", rpmQuery(rpm, "--recommends").strip(), "Recommends hdparm");

        String scripts = rpmQuery(rpm, "--scripts");
        String post = section(scripts, "postinstall scriptlet");
        assertTrue(Pattern.compile("if \\[ \\$1 -eq 1 \\][^\n]*\n\\s*/usr/bin/systemctl --no-reload preset disktune-verify.timer").matcher(post).find(),
                "%post presets the units on a first installation only (%systemd_post): " + post);
        String preun = section(scripts, "preuninstall scriptlet");
        assertTrue(Pattern.compile("if \\[ \\$1 -eq 0 \\][^\n]*\n(\\s*if[^\n]*\n)?\\s*/usr/bin/systemctl --no-reload disable --now disktune-verify.timer")
                .matcher(preun).find(), "%preun disables and stops them on erase only (%systemd_preun): " + preun);
        String postun = section(scripts, "postuninstall scriptlet");
        assertEquals(tuningNamed(Files.readString(Path.of("src/deb/control/prerm"))), tuningNamed(preun),
                "%preun warns about the same tuning files as the .deb's prerm");
        for (String script : List.of(post, preun, postun)) {
            assertFalse(script.contains("disktune apply") || script.contains("enable disktune.service") || script.contains("systemctl start")
                    || script.contains("enable --now"),
                    "no scriptlet tunes or starts anything: " + script);
            assertFalse(script.contains("rm -rf /etc/disktune") || script.contains("rm -rf /var/lib/disktune"),
                    "erase keeps /etc/disktune and the journal: " + script);
        }
        assertTrue(postun.contains("rm -rf /var/cache/disktune"), postun);
        String preset = Files.readString(Path.of("src/rpm/90-disktune.preset"));
        assertEquals(List.of("enable disktune-verify.timer", "disable disktune-verify.service", "disable disktune.service"),
                preset.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList(), "the timer is the one unit enabled");
    }

    /** Files only (no scriptlets, no shell in the root): erase leaves rpm's database and the bare parents. */
    @Test
    void installsAndErasesInAnEmptyRoot(@TempDir Path root) throws IOException {
        Path rpm = rpm();
        rpmIn(root, "-i", "--nodeps", "--noscripts", rpm.toString()).requireSuccess();
        Set<String> listed = rpmIn(root, "-ql", "disktune").requireSuccess().stdout().lines().collect(Collectors.toCollection(TreeSet::new));
        assertEquals(listed, named(root), "after install: exactly the package's paths with disktune in them");
        for (String path : listed) {
            assertTrue(Files.exists(root.resolve(path.substring(1)), LinkOption.NOFOLLOW_LINKS), path);
        }
        rpmIn(root, "-e", "--noscripts", "disktune").requireSuccess();
        assertEquals(Set.of(), named(root), "rpm -e leaves no path with disktune in it");
        try (Stream<Path> all = Files.walk(root)) {
            List<Path> files = all.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> !p.startsWith(root.resolve(DBPATH.substring(1)))).toList();
            assertEquals(List.of(), files, "only rpm's database is left as files");
        }
    }

    /**
     * The whole package with its scriptlets in a copy of the Debian 12 root that has systemd: the first
     * installation enables the verify timer through the preset and nothing else; the erase disables it, names the
     * tuning that stays, and leaves exactly the admin's files. rpm's database there is empty, so the Java runtime
     * the dpkg database knows is not seen: --nodeps (the refusal without it is checked first).
     */
    @Test
    void installsAndErasesWithScriptletsInARootWithSystemd() throws IOException {
        Path rpm = rpm();
        DebianRoot cached = RealDebianRoots.get(Generator.DRACUT);
        try (DisposableDebianRoot copy = DisposableDebianRoot.copyOf(cached)) {
            Path root = copy.dir();
            Set<String> before = named(root);

            Run refused = rpmIn(root, "-i", rpm.toString());
            assertNotEquals(0, refused.exitCode(), "an rpm database without Java refuses the install");
            assertTrue(refused.stderr().contains("java-headless >= 1:17 is needed by disktune-"), refused.stderr());
            assertEquals(before, named(root), "a refused install changes nothing");
            rpmIn(root, "-i", "--nodeps", rpm.toString()).requireSuccess();
            Run again = rpmIn(root, "-i", "--nodeps", rpm.toString());
            assertNotEquals(0, again.exitCode());
            assertEquals(1, again.stderr().lines().filter(l -> l.contains("is already installed")).count(), again.stderr());

            assertTrue(Files.isSymbolicLink(root.resolve("etc/systemd/system/timers.target.wants/disktune-verify.timer")),
                    "the preset enables the verify timer");
            assertFalse(Files.exists(root.resolve("etc/systemd/system/multi-user.target.wants/disktune.service"), LinkOption.NOFOLLOW_LINKS),
                    "installing never enables tuning at boot");
            Set<String> installed = named(root);
            installed.removeAll(before);
            Set<String> expected = rpmIn(root, "-ql", "disktune").requireSuccess().stdout().lines().collect(Collectors.toCollection(TreeSet::new));
            expected.addAll(List.of("/etc/systemd/system/timers.target.wants/disktune-verify.timer", "/var/cache/disktune"));
            assertEquals(expected, installed, "after install: the package's paths, the timer's link, the (empty: no Java here) cache");

            for (String path : KEPT) {
                Files.createDirectories(root.resolve(path.substring(1)).getParent());
                Files.writeString(root.resolve(path.substring(1)), "# written by disktune in this test\n");
            }
            Run erase = rpmIn(root, "-e", "disktune").requireSuccess();
            assertTrue(erase.stderr().contains("/etc/udev/rules.d/90-disktune.rules /etc/modprobe.d/disktune.conf stays in effect"), erase.stderr());
            Set<String> left = named(root);
            left.removeAll(before);
            Set<String> kept = new TreeSet<>(KEPT);
            kept.addAll(List.of("/etc/disktune", "/var/lib/disktune", "/var/lib/disktune/journal"));
            assertEquals(kept, left, "what rpm -e leaves (docs/install.md): the admin's state and tuning");
        }
    }

    /** The RPM of this build; fails unless exactly one target/disktune-*.noarch.rpm is there. */
    private static Path rpm() {
        requireProgram("rpm", "rpm");
        try (Stream<Path> target = Files.list(Path.of("target"))) {
            List<Path> rpms = target.filter(p -> p.getFileName().toString().matches("disktune-.*\\.noarch\\.rpm")).toList();
            if (rpms.size() != 1) {
                fail("expected one target/disktune-VERSION-1.noarch.rpm, found " + rpms
                        + ": run mvn package with rpmbuild installed (src/test/scripts/install-tools.sh build installs it)");
            }
            return rpms.get(0).toAbsolutePath();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String rpmQuery(Path rpm, String... query) {
        List<String> argv = new ArrayList<>(List.of("rpm", "-qp"));
        argv.addAll(List.of(query));
        argv.add(rpm.toString());
        return host(argv, Map.of()).requireSuccess().stdout();
    }

    /** rpm with --root and the RHEL family's database path; Debian's rpm wrapper's advice lines removed from stderr. */
    private static Run rpmIn(Path root, String... args) {
        List<String> argv = new ArrayList<>(List.of("rpm", "--root", root.toString(), "--dbpath", DBPATH));
        argv.addAll(List.of(args));
        Run run = host(argv, Map.of());
        String stderr = run.stderr().lines().filter(l -> !l.startsWith("rpm: ")).map(l -> l + "\n").collect(Collectors.joining());
        return new Run(run.argv(), run.exitCode(), run.stdout(), stderr);
    }

    /** The system files a removal script names as tuning that stays. */
    private static List<String> tuningNamed(String script) {
        Matcher m = Pattern.compile("/etc/[\\w./-]*disktune[\\w.-]*").matcher(script);
        List<String> paths = new ArrayList<>();
        while (m.find()) {
            if (!m.group().startsWith("/etc/disktune")) {
                paths.add(m.group());
            }
        }
        assertFalse(paths.isEmpty(), script);
        return paths;
    }

    /** One scriptlet of {@code rpm -qp --scripts}, from its heading to the next. */
    private static String section(String scripts, String heading) {
        int start = scripts.indexOf(heading);
        assertTrue(start >= 0, "no " + heading + " in " + scripts);
        int end = scripts.indexOf(" scriptlet (using ", start + heading.length());
        int next = end < 0 ? scripts.length() : scripts.lastIndexOf('\n', end);
        return scripts.substring(start, next);
    }

    /** Paths inside the root with "disktune" in them, outside /proc, /tmp, /var/tmp and the package databases. */
    private static Set<String> named(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(p -> !p.equals(root))
                    .map(p -> "/" + root.relativize(p))
                    .filter(p -> !p.startsWith("/proc/") && !p.startsWith("/tmp/") && !p.startsWith("/var/tmp/")
                            && !p.startsWith("/var/lib/dpkg/") && !p.startsWith(DBPATH + "/") && !p.equals("/.disktune-root"))
                    .filter(p -> p.contains("disktune"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
