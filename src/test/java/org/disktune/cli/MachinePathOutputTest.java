package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.disktune.host.CommandResult;
import org.disktune.host.FileKernelLog;
import org.disktune.host.Host;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.GeneratorMachine;
import org.disktune.testing.Trees;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code --root DIR} what disktune prints, on standard output as on standard error, in text and in JSON, names
 * the machine's paths ({@code /etc/...}, {@code /boot/...}), never DIR's place on this machine: every command that
 * reads or changes the tree runs on a Debian tree with a (fake) generator and on a sample machine with disks, and no
 * line of any output holds the tree's absolute path.
 */
class MachinePathOutputTest {
    private static final List<String> KERNELS = List.of("6.1.0-17-amd64", "6.1.0-18-amd64");

    @TempDir
    Path temp;

    private static Host debianHost(Path root) {
        RecordingCommandRunner runner = new RecordingCommandRunner();
        for (String v : KERNELS) {
            runner.on(List.of("update-initramfs", "-u", "-k", v), argv -> {
                Map<String, byte[]> files = new LinkedHashMap<>();
                files.put("init", ("build of " + v + "\n").getBytes(StandardCharsets.UTF_8));
                try (Stream<Path> listing = Files.list(root.resolve("etc/modprobe.d"))) {
                    for (Path p : listing.sorted().toList()) {
                        files.put("etc/modprobe.d/" + p.getFileName(), Files.readAllBytes(p));
                    }
                }
                Files.write(root.resolve("boot/initrd.img-" + v), GeneratorMachine.imageOf(files));
                return new CommandResult(argv, 0, "", "");
            });
        }
        return new RootedHost(root, runner, new FileKernelLog(root.resolve("var/log/dmesg")), Clock.systemUTC(), true);
    }

    /** Runs each command line on the tree; returns every line printed that holds the tree's place, with its command. */
    private static List<String> leaks(Path root, Host host, List<List<String>> commands) throws IOException {
        List<String> places = List.of(root.toString(), root.toRealPath().toString());
        List<String> leaks = new ArrayList<>();
        for (List<String> command : commands) {
            List<String> args = new ArrayList<>(List.of("--root", root.toString()));
            args.addAll(command);
            CliRun run = CliRun.run(o -> host, args.toArray(String[]::new));
            assertTrue(run.exitCode() != 70, command + ": " + run.err());
            (run.out() + "\n" + run.err()).lines()
                    .filter(line -> places.stream().anyMatch(place -> line.contains(place + "/")))
                    .forEach(line -> leaks.add(String.join(" ", command) + ": " + line));
        }
        return leaks;
    }

    @Test
    void aDebianTreeWithAGeneratorIsNamedAsTheMachine() throws IOException {
        Path root = Files.createDirectory(temp.resolve("debian"));
        Trees.copy(GeneratorMachine.debian().path("/"), root);
        Files.createDirectories(root.resolve("etc/disktune"));
        Files.writeString(root.resolve("etc/disktune/disktune.conf"), "[module sata_nv]\nadma = 1\n");
        Files.delete(root.resolve("boot/initrd.img-6.1.0-18-amd64"));
        Files.createDirectories(root.resolve("boot/initrd.img-6.1.0-18-amd64")); // an image that cannot be read
        Files.createDirectories(root.resolve("lib/modules/6.1.0-17-amd64/modules.builtin")); // nor can this
        Files.createDirectories(root.resolve("proc/sys/kernel"));
        Files.writeString(root.resolve("proc/sys/kernel/osrelease"), "6.1.0-17-amd64\n");
        Host host = debianHost(root);
        List<List<String>> commands = List.of(
                List.of("config", "check"), List.of("plan"), List.of("--json", "plan"), List.of("apply"),
                List.of("verify"), List.of("--json", "verify"), List.of("history"), List.of("--json", "history"),
                List.of("modprobe", "show"), List.of("--json", "modprobe", "show"), List.of("initramfs", "verify"),
                List.of("--json", "initramfs", "verify"), List.of("initramfs", "list", "/boot/initrd.img-6.1.0-17-amd64"),
                List.of("modprobe", "set", "sata_nv", "adma=0", "--dry-run"), List.of("rollback"), List.of("verify"));
        assertEquals(List.of(), leaks(root, host, commands));
    }

    @Test
    void aSampleTreeWithDisksIsNamedAsTheMachine() throws IOException {
        Path root = Files.createDirectory(temp.resolve("centos"));
        SampleMachines.createTree(new SampleMachines().entries("seed-centos5-ide"), root);
        Files.createDirectories(root.resolve("etc/disktune"));
        Files.writeString(root.resolve("etc/disktune/disktune.conf"), "[disk ide]\nmatch.transport = ide\nread_ahead_kb = 1024\n");
        Host host = new RootedHost(root, new RecordingCommandRunner(), new FileKernelLog(root.resolve("var/log/dmesg")), Clock.systemUTC(), true);
        List<List<String>> commands = List.of(
                List.of("detect"), List.of("--json", "detect"), List.of("plan"), List.of("apply"), List.of("verify"),
                List.of("--json", "verify"), List.of("kernel-log"), List.of("--json", "kernel-log"), List.of("history"),
                List.of("undo"), List.of("verify"));
        assertEquals(List.of(), leaks(root, host, commands));
    }
}
