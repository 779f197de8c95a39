package org.disktune.boot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.Host;

/**
 * systemd-boot (or any Boot Loader Specification loader) fed by {@code kernel-install}: disktune's words go into the
 * shared {@link KernelCmdlineFile} /etc/kernel/cmdline, then {@code kernel-install add KVER IMAGE [INITRD]} runs for
 * every installed kernel, as a kernel package's hook does. Where it puts the result depends on its layout
 * ({@link KernelInstallLayout}, read as kernel-install reads it):
 * <ul>
 * <li>{@code bls}: its {@code 90-loaderentry.install} writes {@code $BOOT/loader/entries/ENTRY_TOKEN-KVER.conf} (with
 * {@code +TRIES} when /etc/kernel/tries counts boots) whose {@code options} line is that file, and copies the kernel and
 * initrds to {@code $BOOT/ENTRY_TOKEN/KVER/}: all of them are backed up, the entry must hold every parameter;</li>
 * <li>{@code uki}: {@code 60-ukify.install} (systemd 254 and later) has ukify build a unified kernel image whose
 * {@code .cmdline} section is that file, and {@code 90-uki-copy.install} installs it as
 * {@code $BOOT/EFI/Linux/ENTRY_TOKEN-KVER.efi} ({@code +TRIES}): the UKI is backed up, and its {@code .cmdline}
 * section must hold every parameter. Without both plugins and ukify nothing would rebuild the UKI: refused;</li>
 * <li>anything else ({@code other}): no plugin of kernel-install writes a boot entry, so the command line would reach
 * no boot: refused.</li>
 * </ul>
 * The image is /lib/modules/KVER/vmlinuz (Fedora, Arch) or /boot/vmlinuz-KVER (Debian), and Debian's
 * /boot/initrd.img-KVER is passed as Debian's own hook passes it; elsewhere the initrd generator's kernel-install
 * plugin supplies it.
 *
 * @param layout        where kernel-install puts a kernel: $BOOT, the entry token, the layout
 * @param tries         the content of /etc/kernel/tries, null without boot counting
 * @param kernels       the installed kernels kernel-install is run for
 * @param base          the file kernel-install would use when /etc/kernel/cmdline is absent, null when unknown
 * @param ukiMissing    with layout=uki, what this machine lacks to rebuild a UKI (empty when nothing)
 */
record KernelInstallWriter(KernelInstallLayout layout, String tries, List<Kernel> kernels, byte[] base, List<String> ukiMissing)
        implements CommandLineWriter {
    /** The kernel-install plugins that turn /etc/kernel/cmdline into a UKI and install it (systemd 254 and later). */
    static final List<String> UKI_PLUGINS = List.of("60-ukify.install", "90-uki-copy.install");

    /** One installed kernel: its version, image and initrd (null when kernel-install's plugins make it), machine paths. */
    record Kernel(String version, String image, String initrd) {
    }

    static KernelInstallWriter read(Host host) {
        KernelInstallLayout layout = KernelInstallLayout.read(host);
        String tries = KernelInstallLayout.firstLine(host, "/etc/kernel/tries").orElse(null);
        return new KernelInstallWriter(layout, tries, installedKernels(host), base(host), ukiMissing(host, layout));
    }

    /**
     * What kernel-install lacks on this machine to rebuild a UKI: 60-ukify.install and 90-uki-copy.install, each the
     * executable of that name in /etc/kernel/install.d or else /usr/lib/kernel/install.d (kernel-install's order; one in
     * /etc linked to /dev/null turns it off), the ukify program, and no other {@code uki_generator} in install.conf.
     */
    private static List<String> ukiMissing(Host host, KernelInstallLayout layout) {
        List<String> missing = new ArrayList<>();
        if (!layout.ukiGenerator().isEmpty() && !layout.ukiGenerator().equals("ukify")) {
            missing.add("ukify as uki_generator (install.conf says uki_generator=" + layout.ukiGenerator() + ")");
        }
        for (String plugin : UKI_PLUGINS) {
            Path etc = host.path("/etc/kernel/install.d/" + plugin);
            Path usr = host.path("/usr/lib/kernel/install.d/" + plugin);
            Path effective = Files.exists(etc, LinkOption.NOFOLLOW_LINKS) ? etc : usr;
            if (!Files.isRegularFile(effective) || !Files.isExecutable(effective)) {
                missing.add("/usr/lib/kernel/install.d/" + plugin);
            }
        }
        if (host.installedProgram("ukify").isEmpty()) {
            missing.add("ukify");
        }
        return missing;
    }

    /** Where kernel-install installs the UKI of {@code version}, a machine path. */
    String uki(String version) {
        return layout.bootRoot() + "/EFI/Linux/" + layout.entryToken() + "-" + version + (tries == null ? "" : "+" + tries) + ".efi";
    }

    /** With layout=uki, the UKIs of the installed kernels: the boot reads the command line from their .cmdline section. */
    @Override
    public List<String> embedded() {
        return layout.layout().equals("uki") && layout.entryToken() != null ? kernels.stream().map(k -> uki(k.version())).toList()
                : List.of();
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
        if (kernels.isEmpty()) {
            return List.of();
        }
        String entryToken = layout.entryToken();
        if (entryToken == null) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "kernel-install names the loader entries after "
                    + "/etc/kernel/entry-token or /etc/machine-id, and this tree has neither; run systemd-machine-id-setup "
                    + "(nothing was changed)");
        }
        if (entryToken.contains("/") || entryToken.equals(".") || entryToken.equals("..")) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "the entry token \"" + entryToken + "\" (/etc/kernel/entry-token) is not "
                    + "a file name, and kernel-install names directories and files after it; write a plain name such as the "
                    + "machine ID into /etc/kernel/entry-token (nothing was changed)");
        }
        boolean uki = layout.layout().equals("uki");
        if (uki && !ukiMissing.isEmpty()) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "kernel-install's layout is uki (" + layout.layoutSource() + ") and "
                    + "this machine lacks " + String.join(", ", ukiMissing) + ", so nothing would rebuild the unified kernel images "
                    + "with the new command line; install ukify and its kernel-install plugins (systemd 254 or later: the "
                    + "systemd-ukify package) or add the parameter to your UKIs by hand (nothing was changed)");
        }
        if (!uki && !layout.layout().equals("bls")) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "kernel-install's layout is " + layout.layout() + " ("
                    + layout.layoutSource() + "), so kernel-install add writes no boot entry and the command line would reach no "
                    + "boot; set layout=bls (or layout=uki) in " + KernelInstallLayout.ETC_INSTALL_CONF + " (nothing was changed)");
        }
        List<Regeneration> runs = new ArrayList<>();
        for (Kernel kernel : kernels) {
            List<String> argv = new ArrayList<>(List.of("kernel-install", "add", kernel.version(), kernel.image()));
            if (kernel.initrd() != null) {
                argv.add(kernel.initrd());
            }
            if (uki) {
                String efi = uki(kernel.version());
                String plain = layout.bootRoot() + "/EFI/Linux/" + entryToken + "-" + kernel.version() + ".efi";
                // with boot counting 90-uki-copy.install removes the UKI without a count before it installs the new one
                runs.add(new Regeneration(argv, new ArrayList<>(new TreeSet<>(List.of(efi, plain))), List.of(efi)));
                continue;
            }
            String dir = layout.bootRoot() + "/" + entryToken + "/" + kernel.version();
            Set<String> rewrites = new TreeSet<>(List.of(dir + "/linux", dir + "/initrd"));
            if (kernel.initrd() != null) {
                rewrites.add(dir + "/" + kernel.initrd().substring(kernel.initrd().lastIndexOf('/') + 1));
            }
            String entry = layout.bootRoot() + "/loader/entries/" + entryToken + "-" + kernel.version() + (tries == null ? "" : "+" + tries) + ".conf";
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
}
