package org.disktune.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * src/deb/disktune, the launcher of the package and of a build, run by /bin/sh with a stand-in {@code java} on PATH that
 * prints the arguments it was given: which jar, class-data archive and cache directory it names.
 */
class LauncherTest {
    private static final Path LAUNCHER = Path.of("src/deb/disktune").toAbsolutePath();

    @TempDir
    Path dir;

    private Path build() throws Exception {
        Path target = Files.createDirectories(dir.resolve("target"));
        Files.copy(LAUNCHER, target.resolve("disktune"));
        Files.setPosixFilePermissions(target.resolve("disktune"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(target.resolve("disktune.jar"), "");
        Path bin = Files.createDirectories(dir.resolve("fakebin"));
        Files.writeString(bin.resolve("java"), "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");
        Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        return target;
    }

    private List<String> run(Path workingDirectory, String launcher, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(launcher));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDirectory.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", dir.resolve("fakebin") + ":/usr/bin:/bin");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out.lines().toList();
    }

    @Test
    void aBuildRunsTheJarBesideItWithItsArchiveAndCache() throws Exception {
        Path target = build();
        Files.writeString(target.resolve("disktune.jsa"), "");
        List<String> args = run(dir, "target/disktune", "verify", "--json");
        assertEquals(List.of("-cp", "target/disktune.jar", "org.disktune.cli.Main", "verify", "--json"), args.subList(args.size() - 5, args.size()));
        assertEquals(true, args.contains("-XX:SharedArchiveFile=target/disktune.jsa"), args.toString());
        assertEquals(true, args.contains("-Ddisktune.cache=target"), args.toString());

        List<String> absolute = run(dir, target.resolve("disktune").toString(), "detect");
        assertEquals(List.of("-cp", target.resolve("disktune.jar").toString(), "org.disktune.cli.Main", "detect"), absolute.subList(absolute.size() - 4, absolute.size()));
    }

    /**
     * Both ways of starting (with and without an archive) pass every JVM option disktune-class-archive trains and
     * dumps the archive with (an archive made under other options is not used), the export of the JDK's
     * {@code sun.nio.ch} (/dev/kmsg without JNA: host.ChannelKernelRingBuffer) among them.
     */
    @Test
    void itPassesTheArchiveScriptsOptionsWithAndWithoutAnArchive() throws Exception {
        Path target = build();
        String script = Files.readString(Path.of("src/deb/disktune-class-archive"));
        int from = script.indexOf("\nflags=\"") + "\nflags=\"".length();
        List<String> flags = List.of(script.substring(from, script.indexOf('"', from)).split(" "));
        assertEquals(true, flags.contains("--add-exports=java.base/sun.nio.ch=ALL-UNNAMED"), flags.toString());
        List<String> without = run(dir, "target/disktune", "detect");
        Files.writeString(target.resolve("disktune.jsa"), "");
        List<String> with = run(dir, "target/disktune", "detect");
        for (String flag : flags) {
            assertEquals(true, without.contains(flag), flag + " in " + without);
            assertEquals(true, with.contains(flag), flag + " in " + with);
        }
    }

    /**
     * The export of sun.nio.ch (costing every start the JDK's method-handle set-up) is given where the machine's own
     * kernel log may be read, and only there.
     */
    @Test
    void theExportIsGivenWhereTheMachinesKernelLogMayBeRead() throws Exception {
        Path target = build();
        Files.writeString(target.resolve("disktune.jsa"), "");
        String export = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
        for (List<String> args : List.of(List.of("detect"), List.of("--json", "kernel-log"), List.of("plan"), List.of("apply"),
                List.of("--config", "my.conf", "verify"), List.of("verify", "--config=my.conf"))) {
            assertEquals(true, run(dir, "target/disktune", args.toArray(String[]::new)).contains(export), args.toString());
        }
        for (List<String> args : List.of(List.of("--version"), List.of("detect", "--help"), List.of("help", "detect"),
                List.of("--root", "/srv/tree", "detect"), List.of("--root=/srv/tree", "verify"), List.of("--sample", "qemu-ahci", "detect"),
                List.of("--sample"), List.of("--kernel-log", "dmesg.txt", "detect"))) {
            assertEquals(false, run(dir, "target/disktune", args.toArray(String[]::new)).contains(export), args.toString());
        }
        boolean configured = Files.exists(Path.of("/etc/disktune/disktune.conf")) || Files.exists(Path.of("/etc/modprobe.d/disktune.conf"));
        assertEquals(configured, run(dir, "target/disktune", "verify").contains(export),
                "verify on the machine: exported only when something is configured to verify (here: " + configured + ")");
    }

    /**
     * The short commands (help, --version, verify and detect without --json; none on a sample) map disktune-short.jsa
     * when it is there; every other command, and a short one when only the full archive is there, maps disktune.jsa.
     */
    @Test
    void theShortCommandsMapTheShortArchive() throws Exception {
        Path target = build();
        Files.writeString(target.resolve("disktune.jsa"), "");
        String full = "-XX:SharedArchiveFile=target/disktune.jsa";
        String shortOne = "-XX:SharedArchiveFile=target/disktune-short.jsa";
        List<List<String>> shortCommands = List.of(List.of("--version"), List.of("-V"), List.of("--help"), List.of("help", "apply"),
                List.of("verify"), List.of("verify", "--quiet", "--prometheus", "/tmp/d.prom"), List.of("--root", "/srv/tree", "verify"),
                List.of("detect"), List.of("--kernel-log=dmesg.txt", "detect"));
        List<List<String>> others = List.of(List.of("--json", "verify"), List.of("detect", "--json"), List.of("--sample", "qemu-ahci", "--json", "detect"),
                List.of("--sample", "qemu-ahci", "detect"), List.of("--sample=qemu-ahci", "detect", "--all"),
                List.of("--sample=qemu-ahci", "verify"), List.of("--sample", "qemu-ahci", "plan"), List.of("--sample"), List.of("initramfs", "list", "/boot/initrd.img"), List.of("plan"), List.of("apply"),
                List.of("kernel-log", "dmesg.txt"));
        for (List<String> args : shortCommands) {
            List<String> given = run(dir, "target/disktune", args.toArray(String[]::new));
            assertEquals(true, given.contains(full), "only the full archive there: " + args + " -> " + given);
        }
        Files.writeString(target.resolve("disktune-short.jsa"), "");
        for (List<String> args : shortCommands) {
            List<String> given = run(dir, "target/disktune", args.toArray(String[]::new));
            assertEquals(List.of(shortOne), given.stream().filter(a -> a.startsWith("-XX:SharedArchiveFile")).toList(), args.toString());
        }
        for (List<String> args : others) {
            List<String> given = run(dir, "target/disktune", args.toArray(String[]::new));
            assertEquals(List.of(full), given.stream().filter(a -> a.startsWith("-XX:SharedArchiveFile")).toList(), args.toString());
        }
    }

    /**
     * disktune-class-archive and the launcher agree: every command it trains for the short archive starts with that
     * archive, every other command it trains with the full one (a class list made for one and mapped with the other
     * would cost start time, not behaviour).
     */
    @Test
    void theArchiveScriptTrainsTheShortArchiveOnTheCommandsThatMapIt() throws Exception {
        Path target = build();
        Files.writeString(target.resolve("disktune.jsa"), "");
        Files.writeString(target.resolve("disktune-short.jsa"), "");
        String kind = null;
        java.util.Map<String, Integer> trained = new java.util.HashMap<>();
        for (String line : Files.readAllLines(Path.of("src/deb/disktune-class-archive"))) {
            String command = line.strip();
            if (command.startsWith("kind=")) {
                kind = command.substring("kind=".length());
            } else if (command.startsWith("train ") && kind != null) {
                String[] args = command.substring("train ".length()).replaceAll(" #.*", "").replace("\"", "").split(" ");
                String archive = "-XX:SharedArchiveFile=target/" + (kind.equals("short") ? "disktune-short.jsa" : "disktune.jsa");
                assertEquals(true, run(dir, "target/disktune", args).contains(archive), kind + ": " + command);
                trained.merge(kind, 1, Integer::sum);
            }
        }
        assertEquals(true, trained.getOrDefault("short", 0) >= 5 && trained.getOrDefault("full", 0) >= 5, trained.toString());
    }

    @Test
    void withoutAnArchiveItStartsWithoutOne() throws Exception {
        build();
        List<String> args = run(dir, "target/disktune", "--version");
        assertEquals(false, args.stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile")), args.toString());
        assertEquals(List.of("-cp", "target/disktune.jar", "org.disktune.cli.Main", "--version"), args.subList(args.size() - 4, args.size()));
    }

    @Test
    void aSymbolicLinkToABuildsLauncherRunsThatBuild() throws Exception {
        Path target = build();
        Files.writeString(target.resolve("disktune.jsa"), "");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("disktune"), target.resolve("disktune"));
        List<String> args = run(dir, "bin/disktune", "detect");
        String real = target.toRealPath().toString();
        assertEquals(List.of("-cp", real + "/disktune.jar", "org.disktune.cli.Main", "detect"), args.subList(args.size() - 4, args.size()));
        assertEquals(true, args.contains("-XX:SharedArchiveFile=" + real + "/disktune.jsa"), args.toString());
    }

    @Test
    void elsewhereItRunsThePackagesJar() throws Exception {
        build();
        Path sbin = Files.createDirectories(dir.resolve("sbin"));
        Files.copy(LAUNCHER, sbin.resolve("disktune"));
        Files.setPosixFilePermissions(sbin.resolve("disktune"), PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> args = run(dir, sbin.resolve("disktune").toString(), "verify");
        assertEquals(List.of("-cp", "/usr/share/disktune/disktune.jar", "org.disktune.cli.Main", "verify"), args.subList(args.size() - 4, args.size()));
        assertEquals(true, args.contains("-Ddisktune.cache=/var/cache/disktune"), args.toString());
    }
}
