package org.disktune.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.apache.commons.compress.archivers.cpio.CpioArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveOutputStream;
import org.apache.commons.compress.archivers.cpio.CpioConstants;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.Sha256;
import org.disktune.host.CommandResult;
import org.disktune.host.CommandRunner;
import org.disktune.host.Host;
import org.disktune.host.RecordingCommandRunner;
import org.disktune.host.RootedHost;

/**
 * A Jimfs machine with an initramfs generator (Arch with mkinitcpio, Debian with initramfs-tools,
 * Fedora with dracut) whose program is a fake: it writes a real gzip-compressed cpio newc image
 * holding the files the real generator would take from the machine's configuration (mkinitcpio:
 * disktune.conf when FILES or the drop-in names it; dracut: when the drop-in exists;
 * initramfs-tools: every /etc/modprobe.d/*.conf). The fake can be told to fail, or to "succeed"
 * with an image that lacks the file.
 */
public final class GeneratorMachine {
    public static final String BOOT_ID = "6c0f4a52-1a7e-4f0b-9d1e-2b3c4d5e6f70";
    public static final String OPTIONS_FILE = "/etc/modprobe.d/disktune.conf";

    /** How the fake generator behaves. */
    public enum Behaviour {
        /** Writes a good image and exits 0. */
        WORKS,
        /** Writes a truncated image, prints an error and exits 1. */
        FAILS,
        /** Exits 0 with an image that lacks disktune.conf. */
        FORGETS_THE_FILE
    }

    public enum Kind {
        ARCH, DEBIAN, FEDORA
    }

    private final Kind kind;
    private final Path root;
    private final RecordingCommandRunner runner = new RecordingCommandRunner();
    private Behaviour behaviour = Behaviour.WORKS;
    private int builds;

    private GeneratorMachine(Kind kind) {
        this.kind = kind;
        FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build());
        root = fs.getPath("/machine");
        dir("/run");
        dir("/var/lib");
        file("/proc/sys/kernel/random/boot_id", BOOT_ID + "\n");
        file("/sys/module/sata_nv/parameters/adma", "N\n");
        file("/etc/modprobe.d/alsa-base.conf", "options snd-hda-intel power_save=1\n");
        switch (kind) {
            case ARCH -> buildArch();
            case DEBIAN -> buildDebian();
            case FEDORA -> buildFedora();
        }
    }

    public static GeneratorMachine arch() {
        return new GeneratorMachine(Kind.ARCH);
    }

    public static GeneratorMachine debian() {
        return new GeneratorMachine(Kind.DEBIAN);
    }

    public static GeneratorMachine fedora() {
        return new GeneratorMachine(Kind.FEDORA);
    }

    private void buildArch() {
        file("/usr/bin/mkinitcpio", "#!/bin/bash\ndeclare -r version=39.2\n");
        file("/etc/mkinitcpio.conf", resource("/configs/mkinitcpio/mkinitcpio.conf.v41.installed-default.conf"));
        file("/etc/mkinitcpio.d/linux.preset", """
                # mkinitcpio preset file for the 'linux' package
                ALL_kver="/boot/vmlinuz-linux"
                PRESETS=('default' 'fallback')
                default_image="/boot/initramfs-linux.img"
                fallback_image="/boot/initramfs-linux-fallback.img"
                fallback_options="-S autodetect"
                """);
        file("/usr/lib/modules/6.6.1-arch1-1/pkgbase", "linux\n");
        file("/boot/vmlinuz-linux", "kernel");
        bytes("/boot/initramfs-linux.img", image(Map.of("init", "original default\n")));
        bytes("/boot/initramfs-linux-fallback.img", image(Map.of("init", "original fallback\n")));
        generator(List.of("mkinitcpio", "-p", "linux"), List.of("/boot/initramfs-linux.img", "/boot/initramfs-linux-fallback.img"));
    }

    private void buildDebian() {
        file("/usr/sbin/update-initramfs", "#!/bin/sh\n");
        file("/etc/initramfs-tools/initramfs.conf", "MODULES=most\nCOMPRESS=zstd\n");
        for (String v : List.of("6.1.0-17-amd64", "6.1.0-18-amd64")) {
            dir("/lib/modules/" + v + "/kernel");
            file("/boot/vmlinuz-" + v, "kernel");
            bytes("/boot/initrd.img-" + v, image(Map.of("init", "original " + v + "\n")));
            generator(List.of("update-initramfs", "-u", "-k", v), List.of("/boot/initrd.img-" + v));
        }
    }

    private void buildFedora() {
        file("/usr/bin/dracut", "#!/bin/bash\n");
        file("/etc/dracut.conf", "# PUT YOUR CONFIG IN separate files\n# in /etc/dracut.conf.d named \"<name>.conf\"\n");
        String v = "6.5.6-300.fc39.x86_64";
        dir("/lib/modules/" + v + "/kernel");
        file("/boot/vmlinuz-" + v, "kernel");
        String image = "/boot/initramfs-" + v + ".img";
        bytes(image, image(Map.of("init", "original\n")));
        generator(List.of("dracut", "-f", image, v), List.of(image));
    }

    private void generator(List<String> argv, List<String> images) {
        runner.on(argv, a -> {
            builds++;
            if (behaviour == Behaviour.FAILS) {
                for (String image : images) {
                    Files.write(path(image), new byte[] {0x1f, (byte) 0x8b, 8, 0});
                }
                return new CommandResult(a, 1, "==> Building image\n", "==> ERROR: module not found: 'bogus'\n");
            }
            for (String image : images) {
                Map<String, byte[]> files = new LinkedHashMap<>();
                files.put("init", ("build " + builds + " of " + image + "\n").getBytes(StandardCharsets.UTF_8));
                if (behaviour == Behaviour.WORKS) {
                    files.putAll(takenFiles());
                }
                Files.write(path(image), imageOf(files));
            }
            return new CommandResult(a, 0, "==> Image generation successful\n", "");
        });
    }

    /** The modprobe.d files the real generator would put into the image, as image paths. */
    private Map<String, byte[]> takenFiles() throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        Path options = path(OPTIONS_FILE);
        switch (kind) {
            case ARCH -> {
                boolean named = Files.exists(path("/etc/mkinitcpio.conf.d/disktune.conf"))
                        || Files.readString(path("/etc/mkinitcpio.conf")).contains("FILES=(" + OPTIONS_FILE + ")")
                        || Files.readString(path("/etc/mkinitcpio.conf")).contains(OPTIONS_FILE);
                if (named && Files.exists(options)) {
                    out.put(OPTIONS_FILE.substring(1), Files.readAllBytes(options));
                }
            }
            case FEDORA -> {
                if (Files.exists(path("/etc/dracut.conf.d/disktune.conf")) && Files.exists(options)) {
                    out.put(OPTIONS_FILE.substring(1), Files.readAllBytes(options));
                }
            }
            case DEBIAN -> {
                try (Stream<Path> files = Files.list(path("/etc/modprobe.d"))) {
                    for (Path p : files.sorted().toList()) {
                        if (p.getFileName().toString().endsWith(".conf")) {
                            out.put("etc/modprobe.d/" + p.getFileName(), Files.readAllBytes(p));
                        }
                    }
                }
            }
        }
        return out;
    }

    public GeneratorMachine behave(Behaviour b) {
        this.behaviour = b;
        return this;
    }

    public RecordingCommandRunner runner() {
        return runner;
    }

    /** The program runs recorded so far. */
    public List<List<String>> calls() {
        return runner.calls();
    }

    public Host host() {
        return host(runner);
    }

    public Host host(CommandRunner commands) {
        return new RootedHost(root, commands, () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log in this test");
        }, TestMachine.CLOCK, true);
    }

    /** The machine as the live host of a user who is not root. */
    public Host liveUnprivileged() {
        return org.disktune.host.LiveTree.of(host(), false);
    }

    /** A runner on which no program is installed (a live machine without the generator on PATH). */
    public static CommandRunner nothingInstalled() {
        return new CommandRunner() {
            @Override
            public CommandResult run(List<String> argv, Duration timeout) {
                throw new AssertionError("no program may run: " + argv);
            }

            @Override
            public boolean available(String program) {
                return false;
            }
        };
    }

    public Path path(String machinePath) {
        return root.resolve(machinePath.substring(1));
    }

    public byte[] read(String machinePath) {
        try {
            return Files.readAllBytes(path(machinePath));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean exists(String machinePath) {
        return Files.exists(path(machinePath));
    }

    public GeneratorMachine file(String machinePath, String content) {
        return bytes(machinePath, content.getBytes(StandardCharsets.UTF_8));
    }

    public GeneratorMachine bytes(String machinePath, byte[] content) {
        try {
            Path p = path(machinePath);
            Files.createDirectories(p.getParent());
            Files.write(p, content);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public GeneratorMachine dir(String machinePath) {
        try {
            Files.createDirectories(path(machinePath));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public GeneratorMachine delete(String machinePath) {
        try {
            Files.delete(path(machinePath));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every directory, file and link under the root: "d /etc", "f /etc/x sha256", "l /x -> target",
     * sorted; {@code except} are machine-path prefixes left out (disktune's own state).
     */
    public List<String> snapshot(String... except) {
        List<String> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted().toList()) {
                String machinePath = "/" + root.relativize(p);
                if (Stream.of(except).anyMatch(machinePath::startsWith)) {
                    continue;
                }
                if (Files.isSymbolicLink(p)) {
                    out.add("l " + machinePath + " -> " + Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p)) {
                    out.add("d " + machinePath);
                } else {
                    out.add("f " + machinePath + " " + Sha256.ofFile(p));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The machine without disktune's journal, backups and lock. */
    public List<String> machineSnapshot() {
        return snapshot("/var/lib/disktune", "/run/disktune");
    }

    /** A gzip-compressed cpio newc image of text files (image paths without the leading '/'). */
    public static byte[] image(Map<String, String> files) {
        Map<String, byte[]> bytes = new LinkedHashMap<>();
        files.forEach((k, v) -> bytes.put(k, v.getBytes(StandardCharsets.UTF_8)));
        return imageOf(bytes);
    }

    /** A gzip-compressed cpio newc image holding these files (and their parent directories). */
    public static byte[] imageOf(Map<String, byte[]> files) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (CpioArchiveOutputStream cpio = new CpioArchiveOutputStream(new GZIPOutputStream(buffer), CpioConstants.FORMAT_NEW)) {
            java.util.Set<String> dirs = new java.util.TreeSet<>();
            for (String name : files.keySet()) {
                for (int i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
                    dirs.add(name.substring(0, i));
                }
            }
            long inode = 1;
            for (String d : dirs) {
                CpioArchiveEntry e = new CpioArchiveEntry(CpioConstants.FORMAT_NEW, d);
                e.setMode(CpioConstants.C_ISDIR | 0755);
                e.setInode(inode++);
                e.setNumberOfLinks(2);
                cpio.putArchiveEntry(e);
                cpio.closeArchiveEntry();
            }
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                CpioArchiveEntry e = new CpioArchiveEntry(CpioConstants.FORMAT_NEW, f.getKey());
                e.setMode(CpioConstants.C_ISREG | 0644);
                e.setInode(inode++);
                e.setNumberOfLinks(1);
                e.setSize(f.getValue().length);
                cpio.putArchiveEntry(e);
                cpio.write(f.getValue());
                cpio.closeArchiveEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    private static String resource(String name) {
        try (InputStream in = GeneratorMachine.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + name + " missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
