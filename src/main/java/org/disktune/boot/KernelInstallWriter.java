package org.disktune.boot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * systemd-boot (or any Boot Loader Specification loader) fed by {@code kernel-install}: disktune's words go into the
 * shared {@link KernelCmdlineFile} /etc/kernel/cmdline, then {@code kernel-install add KVER IMAGE [INITRD]} runs for
 * every installed kernel, as a kernel package's hook does, and its {@code 90-loaderentry.install} writes
 * {@code $BOOT/loader/entries/ENTRY_TOKEN-KVER.conf} (with {@code +TRIES} when /etc/kernel/tries counts boots) whose
 * {@code options} line is that file, and copies the kernel and initrds to {@code $BOOT/ENTRY_TOKEN/KVER/}: all of them
 * are backed up. {@code $BOOT} is the first of /boot, /efi, /boot/efi with {@code loader/entries} (the extended boot
 * loader partition before the ESP, as kernel-install looks), the entry token /etc/kernel/entry-token or else the
 * machine ID. The image is /lib/modules/KVER/vmlinuz (Fedora, Arch) or /boot/vmlinuz-KVER (Debian), and Debian's
 * /boot/initrd.img-KVER is passed as Debian's own hook passes it; elsewhere the initrd generator's kernel-install
 * plugin supplies it.
 *
 * @param bootRoot      {@code $BOOT}, a machine path
 * @param entryToken    the entry token, null when the tree has neither /etc/kernel/entry-token nor /etc/machine-id
 * @param tries         the content of /etc/kernel/tries, null without boot counting
 * @param kernels       the installed kernels kernel-install is run for
 * @param base          the file kernel-install would use when /etc/kernel/cmdline is absent, null when unknown
 */
record KernelInstallWriter(String bootRoot, String entryToken, String tries, List<Kernel> kernels, byte[] base)
        implements CommandLineWriter {
    /** One installed kernel: its version, image and initrd (null when kernel-install's plugins make it), machine paths. */
    record Kernel(String version, String image, String initrd) {
    }

    static KernelInstallWriter read(Host host) {
        String boot = Stream.of("/boot", "/efi", "/boot/efi").filter(b -> Files.isDirectory(host.path(b + "/loader/entries")))
                .findFirst().orElseGet(() -> Stream.of("/efi", "/boot/efi", "/boot")
                        .filter(b -> Files.isRegularFile(host.path(b + "/loader/loader.conf"))).findFirst().orElse("/boot"));
        String token = firstLine(host, "/etc/kernel/entry-token").or(() -> firstLine(host, "/etc/machine-id")).orElse(null);
        String tries = firstLine(host, "/etc/kernel/tries").orElse(null);
        return new KernelInstallWriter(boot, token, tries, installedKernels(host), base(host));
    }

    @Override
    public String file() {
        return KernelCmdlineFile.PATH;
    }

    @Override
    public byte[] render(byte[] current, List<KernelParameter> wanted, Predicate<String> ours) {
        return edit(current, base, wanted, ours);
    }

    /**
     * The file kernel-install would read when /etc/kernel/cmdline is absent ({@link KernelCmdlineFile#startingPoint}),
     * null when neither the vendor's file nor /proc/cmdline can be read.
     */
    static byte[] base(Host host) {
        byte[] proc = host.fileBytesOrNull("/proc/cmdline");
        byte[] vendor = host.fileBytesOrNull(KernelCmdlineFile.VENDOR_PATH);
        return vendor == null && proc == null ? null
                : KernelCmdlineFile.startingPoint(vendor, proc == null ? "" : new String(proc, StandardCharsets.ISO_8859_1));
    }

    /** {@code current} (or {@code base} when absent) edited to hold {@code wanted}; refused when both are unknown. */
    static byte[] edit(byte[] current, byte[] base, List<KernelParameter> wanted, Predicate<String> ours) {
        if (current == null && base == null) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, KernelCmdlineFile.PATH + " is absent and neither "
                    + KernelCmdlineFile.VENDOR_PATH + " nor /proc/cmdline can be read, so the command line of the loader "
                    + "entries is unknown; create " + KernelCmdlineFile.PATH + " with the kernel's command line (nothing was changed)");
        }
        return KernelCmdlineFile.edit(current != null ? current : base, wanted, ours);
    }

    @Override
    public Optional<List<KernelParameter>> configured(byte[] file) {
        return Optional.of(KernelCmdlineFile.parameters(file));
    }

    @Override
    public List<Regeneration> regenerate(List<KernelParameter> wanted, List<KernelParameter> removed) {
        if (entryToken == null && !kernels.isEmpty()) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "kernel-install names the loader entries after "
                    + "/etc/kernel/entry-token or /etc/machine-id, and this tree has neither; run systemd-machine-id-setup "
                    + "(nothing was changed)");
        }
        List<Regeneration> runs = new ArrayList<>();
        for (Kernel kernel : kernels) {
            List<String> argv = new ArrayList<>(List.of("kernel-install", "add", kernel.version(), kernel.image()));
            String dir = bootRoot + "/" + entryToken + "/" + kernel.version();
            Set<String> rewrites = new TreeSet<>(List.of(dir + "/linux", dir + "/initrd"));
            if (kernel.initrd() != null) {
                argv.add(kernel.initrd());
                rewrites.add(dir + "/" + kernel.initrd().substring(kernel.initrd().lastIndexOf('/') + 1));
            }
            String entry = bootRoot + "/loader/entries/" + entryToken + "-" + kernel.version() + (tries == null ? "" : "+" + tries) + ".conf";
            List<String> files = new ArrayList<>(List.of(entry));
            files.addAll(rewrites);
            runs.add(new Regeneration(argv, files, List.of(entry)));
        }
        return runs;
    }

    /** /etc/kernel/cmdline is the administrator's too. */
    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public String packageName() {
        return "systemd";
    }

    /** The kernels with an image, by version, from /lib/modules (which is /usr/lib/modules on a merged /usr). */
    private static List<Kernel> installedKernels(Host host) {
        List<Kernel> kernels = new ArrayList<>();
        Path modules = host.path("/lib/modules");
        if (!Files.isDirectory(modules)) {
            return kernels;
        }
        List<String> versions;
        try (Stream<Path> list = Files.list(modules)) {
            versions = list.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return kernels;
        }
        for (String version : versions) {
            String image = Stream.of("/lib/modules/" + version + "/vmlinuz", "/boot/vmlinuz-" + version)
                    .filter(p -> Files.isRegularFile(host.path(p))).findFirst().orElse(null);
            if (image != null) {
                String initrd = "/boot/initrd.img-" + version;
                kernels.add(new Kernel(version, image, Files.isRegularFile(host.path(initrd)) ? initrd : null));
            }
        }
        return kernels;
    }

    private static Optional<String> firstLine(Host host, String path) {
        byte[] bytes = host.fileBytesOrNull(path);
        if (bytes == null) {
            return Optional.empty();
        }
        String line = new String(bytes, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
        return line.isEmpty() ? Optional.empty() : Optional.of(line);
    }
}
