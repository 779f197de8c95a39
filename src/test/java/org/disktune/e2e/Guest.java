package org.disktune.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The end-to-end test's guest: a Debian 12 with systemd, udev, the full kernel, a JRE and hdparm, booted under
 * QEMU (TCG) by the scripts of {@code src/test/e2e/} (build-guest.sh builds and caches the image, boot.sh boots
 * it once and runs a probe script inside through e2e-probe.service, which powers the guest off afterwards).
 * One {@code Guest} is one writable root image; each {@link #boot} is a new QEMU run on it, as a reboot is
 * (QEMU runs with -no-reboot, and the kernel and initrd come from the image's own /boot, so an initramfs
 * rebuilt in the guest counts at the next boot). The image is either the bare root file system, whose kernel
 * QEMU starts itself ({@link Start#KERNEL}), or the partitioned disk that the firmware boots through its GRUB
 * ({@link Start#GRUB}: the kernel command line is the one the guest's update-grub wrote). The probe's outputs are read from the shared directory
 * after the guest powered off: {@code out/NAME.out}, {@code .err}, {@code .rc} per step (probes/lib.sh).
 */
final class Guest {
    static final Path PROJECT = Path.of(System.getProperty("user.dir"));
    static final Path E2E = PROJECT.resolve("src/test/e2e");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final Path image;
    private final String machine;
    private final Start start;
    private final List<String> times = new ArrayList<>();

    /** How the guest starts: the image of build-guest.sh it copies, and boot.sh's --boot. */
    enum Start {
        /** root.img, an ext4 file system; QEMU's -kernel and -initrd from its /boot, root=/dev/vda. */
        KERNEL("root.img", "kernel"),
        /** disk.img, an MBR disk whose partition 1 is root.img's file system; SeaBIOS, then its GRUB. */
        GRUB("disk.img", "disk");

        final String image;
        final String bootOption;

        Start(String image, String bootOption) {
            this.image = image;
            this.bootOption = bootOption;
        }
    }

    private Guest(Path dir, Path image, String machine, Start start) {
        this.dir = dir;
        this.image = image;
        this.machine = machine;
        this.start = start;
    }

    /** The image directory of build-guest.sh (building it when the cache lacks it), or a failure saying why. */
    static Path buildImage() throws IOException, InterruptedException {
        requireTools();
        Path log = Files.createTempFile("e2e-build-guest", ".log");
        Process p = new ProcessBuilder("bash", E2E.resolve("build-guest.sh").toString())
                .redirectError(log.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        int rc = p.waitFor();
        String err = Files.readString(log);
        Files.delete(log);
        System.out.print(err);
        if (rc != 0) {
            throw new AssertionError("step build-guest: src/test/e2e/build-guest.sh exited " + rc + ":\n" + err);
        }
        return Path.of(out.lines().reduce((a, b) -> b).orElseThrow());
    }

    /** The .deb of this build (mvn package: target/disktune_VERSION_all.deb), which the guest installs with dpkg -i. */
    static Path deb() throws IOException {
        try (var l = Files.list(PROJECT.resolve("target"))) {
            List<Path> debs = l.filter(p -> p.getFileName().toString().matches("disktune_.*_all\\.deb")).toList();
            if (debs.size() != 1) {
                throw new AssertionError("step install: expected one target/disktune_*_all.deb (mvn package builds it), found " + debs);
            }
            return debs.get(0);
        }
    }

    /** QEMU, debugfs and root are needed: fail (never skip) naming what is missing and how to get it. */
    static void requireTools() {
        List<String> missing = new ArrayList<>();
        for (String[] tool : new String[][] {{"qemu-system-x86_64", "qemu-system-x86"}, {"debugfs", "e2fsprogs"}, {"mkfs.ext4", "e2fsprogs"}, {"debootstrap", "debootstrap"},
                {"sfdisk", "fdisk"}}) {
            if (onPath(tool[0]).isEmpty()) {
                missing.add(tool[0] + " (apt-get install -y " + tool[1] + ")");
            }
        }
        if (!missing.isEmpty()) {
            throw new AssertionError("the end-to-end test cannot run QEMU here: missing " + String.join(", ", missing)
                    + "; src/test/scripts/install-tools.sh test installs them");
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new AssertionError("the end-to-end test must run as root (it chroots to build the guest image)");
        }
    }

    private static Optional<Path> onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            for (String dd : new String[] {d, "/usr/sbin", "/sbin"}) {
                Path p = Path.of(dd, program);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** A new guest started by QEMU's -kernel ({@link Start#KERNEL}); see {@link #create(Path, Path, String, Start)}. */
    static Guest create(Path imageDir, Path dir, String machine) throws IOException, InterruptedException {
        return create(imageDir, dir, machine, Start.KERNEL);
    }

    /** A new guest in {@code dir} (emptied first): a sparse copy of the built image, disks made at first boot. */
    static Guest create(Path imageDir, Path dir, String machine, Start start) throws IOException, InterruptedException {
        if (Files.exists(dir)) {
            exec(List.of("rm", "-rf", "--one-file-system", dir.toString()));
        }
        Files.createDirectories(dir);
        Path image = dir.resolve(start.image);
        exec(List.of("cp", "--sparse=always", imageDir.resolve(start.image).toString(), image.toString()));
        return new Guest(dir, image, machine, start);
    }

    Path dir() {
        return dir;
    }

    /** The boot times so far, one line each, for the test's summary. */
    List<String> times() {
        return times;
    }

    /**
     * Boots once, running {@code probes/PROBE} as the guest's run.sh (with lib.sh, known-truth.sh, the .deb and {@code files}
     * beside it in the share), and waits until the guest powers off. {@code during} runs on this thread while
     * the guest runs, polled every 250 ms with the boot (for handshakes such as the hotplug).
     */
    Boot boot(String name, String probe, Map<String, String> files, Duration timeout, java.util.function.Predicate<Boot> during)
            throws IOException, InterruptedException {
        Path share = dir.resolve(name);
        if (Files.exists(share)) {
            exec(List.of("rm", "-rf", share.toString()));
        }
        Files.createDirectories(share);
        Files.copy(E2E.resolve("probes/lib.sh"), share.resolve("lib.sh"));
        Files.copy(E2E.resolve("probes/known-truth.sh"), share.resolve("known-truth.sh"));
        Files.copy(E2E.resolve("probes/" + probe), share.resolve("run.sh"));
        Files.copy(deb(), share.resolve("disktune.deb"));
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(share.resolve(f.getKey()), f.getValue());
        }
        Path qmp = Files.createTempDirectory("e2e-qmp").resolve("qmp.sock");
        Boot boot = new Boot(name, share, qmp);
        List<String> cmd = List.of("bash", E2E.resolve("boot.sh").toString(), share.toString(), "--image", image.toString(),
                "--boot", start.bootOption, "--machine", machine, "--timeout", Long.toString(timeout.toSeconds()), "--qmp", qmp.toString());
        System.out.println("[e2e] " + machine + " " + name + ": booting (probe " + probe + ")");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(share.resolve("boot.log").toFile()).start();
        boolean pending = during != null;
        while (!p.waitFor(250, TimeUnit.MILLISECONDS)) {
            if (pending) {
                pending = !during.test(boot);
            }
        }
        boot.rc = p.exitValue();
        Files.deleteIfExists(qmp);
        Files.deleteIfExists(qmp.getParent());
        String meta = boot.text("boot.meta").lines().findFirst().orElse("(no boot.meta)");
        String line = machine + " " + name + ": boot.sh exit " + boot.rc + "; " + meta;
        times.add(line);
        System.out.println("[e2e] " + line);
        return boot;
    }

    static void exec(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out);
        }
    }

    /** One boot's shared directory and what the probe left in it. */
    static final class Boot {
        final String name;
        final Path share;
        final Path qmp;
        int rc = -1;

        Boot(String name, Path share, Path qmp) {
            this.name = name;
            this.share = share;
            this.qmp = qmp;
        }

        Path out(String file) {
            return share.resolve("out").resolve(file);
        }

        String text(String relative) {
            Path p = share.resolve(relative);
            try {
                return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** out/FILE's text ("" when the probe did not write it). */
        String outText(String file) {
            return text("out/" + file);
        }

        /** The exit status of probe step NAME, or -1 when the step did not run. */
        int rc(String step) {
            String s = outText(step + ".rc").trim();
            return s.isEmpty() ? -1 : Integer.parseInt(s);
        }

        /** The JSON printed by probe step NAME. */
        JsonNode json(String step) {
            String s = outText(step + ".out");
            try {
                return JSON.readTree(s);
            } catch (IOException e) {
                throw new AssertionError("step " + step + ": its output is not JSON: " + e.getMessage() + "\n" + s, e);
            }
        }

        boolean exists(String file) {
            return Files.exists(out(file));
        }

        void touch(String file) {
            try {
                Files.writeString(share.resolve(file), "");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The guest's serial console (ANSI colours and CR removed), its last {@code lines} lines. */
        String serialTail(int lines) {
            List<String> all = text("serial.log").replace("\r", "").replaceAll("\u001b\\[[0-9;]*[A-Za-z]", "").lines().toList();
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        }

        /** What a failure message needs to show the cause from the CI log alone. */
        String diagnostics(String... steps) {
            StringBuilder b = new StringBuilder();
            b.append("\n---- ").append(name).append(": boot.sh exit ").append(rc).append("; boot.meta:\n").append(text("boot.meta"));
            b.append("\n---- boot.sh output:\n").append(text("boot.log"));
            b.append("\n---- serial console (last 60 lines):\n").append(serialTail(60));
            b.append("\n---- probe stdout:\n").append(outText("run.stdout"));
            b.append("\n---- probe stderr:\n").append(outText("run.stderr"));
            for (String s : steps) {
                b.append("\n---- step ").append(s).append(": exit ").append(outText(s + ".rc").trim()).append("; stdout:\n")
                        .append(outText(s + ".out")).append("\n---- step ").append(s).append(" stderr:\n").append(outText(s + ".err"));
            }
            return b.toString();
        }

        /**
         * Sends QMP commands to the running QEMU (after qmp_capabilities), each answer checked for "return".
         * QMP, not HMP: property values may hold spaces (lab finding).
         */
        List<JsonNode> qmp(List<Map<String, Object>> commands) throws IOException {
            List<JsonNode> answers = new ArrayList<>();
            try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                ch.connect(UnixDomainSocketAddress.of(qmp));
                var in = new java.io.BufferedReader(Channels.newReader(ch, StandardCharsets.UTF_8));
                in.readLine(); // greeting
                List<Map<String, Object>> all = new ArrayList<>();
                all.add(Map.of("execute", "qmp_capabilities"));
                all.addAll(commands);
                for (Map<String, Object> c : all) {
                    ch.write(ByteBuffer.wrap((JSON.writeValueAsString(c) + "\n").getBytes(StandardCharsets.UTF_8)));
                    JsonNode answer;
                    do {
                        String line = in.readLine();
                        if (line == null) {
                            throw new IOException("QMP closed the connection after " + c);
                        }
                        answer = JSON.readTree(line);
                    } while (answer.has("event"));
                    if (!answer.has("return")) {
                        throw new IOException("QMP refused " + c + ": " + answer);
                    }
                    answers.add(answer);
                }
            }
            return answers;
        }
    }

    static Map<String, Object> qmpCommand(String execute, Map<String, Object> arguments) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("execute", execute);
        m.put("arguments", arguments);
        return m;
    }
}
