package org.disktune.boot;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.disktune.detect.BootLoader;
import org.disktune.host.Host;

/**
 * GRUB whose {@code grub-mkconfig} reads no drop-in (Arch, Gentoo, Fedora and RHEL without grubby: see
 * {@link GrubDefaultEditor}): {@code GRUB_CMDLINE_LINUX} in /etc/default/grub edited in place, then
 * {@code grub-mkconfig -o GRUB_CFG} or {@code grub2-mkconfig -o GRUB_CFG}.
 *
 * <p>GRUB_CFG is the grub.cfg of the program's own directory ({@code /boot/grub2} for grub2-mkconfig,
 * {@code /boot/grub} for grub-mkconfig) when it exists, else the other one when that exists, else the program's own.
 * Never the EFI system partition's {@code /boot/efi/EFI/<os>/grub.cfg}: on Fedora and RHEL that is a stub which loads
 * /boot/grub2/grub.cfg, and their grub2-mkconfig refuses to overwrite it.
 *
 * <p>With BLS entries ({@code GRUB_ENABLE_BLSCFG=true}, grubby absent) the kernel command line is in the {@code options}
 * line of each {@code /boot/loader/entries/*.conf}, which grub2-mkconfig's {@code 10_linux} rewrites
 * ({@code update_bls_cmdline}) from GRUB_CMDLINE_LINUX, also writing {@code /etc/kernel/cmdline}. Red Hat's patch
 * "grub-mkconfig dont overwrite BLS cmdline if BLSCFG" (rhboot/grub2, RHEL 9.3 and 10, 2023) makes that rewrite wait
 * for {@code --update-bls-cmdline}; grub2-mkconfig without the patch (rhboot's fedora branches) rewrites them always.
 * So the option is passed when the installed grub2-mkconfig script names it, and never otherwise (an older one stops
 * at an unknown option). The entries, /etc/kernel/cmdline and /boot/grub2/grubenv are backed up with grub.cfg, and the
 * proof after the run is that grub.cfg and every entry hold each parameter.
 */
record GrubMkconfigWriter(String program, String grubCfg, List<String> entries, boolean updateBlsCmdline) implements CommandLineWriter {
    static final String ENTRIES = "/boot/loader/entries";
    static final String KERNEL_CMDLINE = "/etc/kernel/cmdline";
    static final String UPDATE_BLS_CMDLINE = "--update-bls-cmdline";

    GrubMkconfigWriter {
        entries = List.copyOf(entries);
    }

    /** The writer for {@code loader} (GRUB or GRUB with BLS, its program grub-mkconfig or grub2-mkconfig) on {@code host}. */
    static GrubMkconfigWriter of(BootLoader loader, Host host) {
        String path = loader.program() == null ? (loader.kind() == BootLoader.Kind.GRUB_BLS ? "grub2-mkconfig" : "grub-mkconfig")
                : loader.program();
        String name = path.substring(path.lastIndexOf('/') + 1);
        String own = name.startsWith("grub2") ? "/boot/grub2/grub.cfg" : "/boot/grub/grub.cfg";
        String other = own.equals("/boot/grub2/grub.cfg") ? "/boot/grub/grub.cfg" : "/boot/grub2/grub.cfg";
        String grubCfg = Files.isRegularFile(host.path(own)) || !Files.isRegularFile(host.path(other)) ? own : other;
        if (loader.kind() != BootLoader.Kind.GRUB_BLS) {
            return new GrubMkconfigWriter(name, grubCfg, List.of(), false);
        }
        List<String> entries = host.names(ENTRIES, ".conf").stream().sorted().map(n -> ENTRIES + "/" + n).toList();
        byte[] script = loader.program() == null ? null : host.fileBytesOrNull(loader.program());
        boolean option = script != null && new String(script, StandardCharsets.ISO_8859_1).contains(UPDATE_BLS_CMDLINE);
        return new GrubMkconfigWriter(name, grubCfg, entries, option);
    }

    @Override
    public String file() {
        return GrubDefaultEditor.PATH;
    }

    @Override
    public byte[] render(byte[] current, List<KernelParameter> wanted, Predicate<String> ours) {
        if (current == null && wanted.isEmpty()) {
            return null;
        }
        return GrubDefaultEditor.edit(current == null ? new byte[0] : current, wanted, ours);
    }

    @Override
    public java.util.Optional<List<KernelParameter>> configured(byte[] file) {
        return java.util.Optional.of(GrubDefaultEditor.parameters(file));
    }

    @Override
    public boolean shared() {
        return true;
    }

    /**
     * One run of the program, {@code -o} the grub.cfg (with {@code --update-bls-cmdline} where it knows it); it rewrites
     * grub.cfg and, with BLS, the entries, /etc/kernel/cmdline and grubenv; grub.cfg and every entry must then hold every parameter.
     */
    @Override
    public List<Regeneration> regenerate(List<KernelParameter> wanted, List<KernelParameter> removed) {
        List<String> argv = new ArrayList<>(List.of(program, "-o", grubCfg));
        if (updateBlsCmdline) {
            argv.add(UPDATE_BLS_CMDLINE);
        }
        List<String> rewrites = entries.isEmpty() ? List.of(grubCfg)
                : Stream.of(List.of(grubCfg), entries, List.of(KERNEL_CMDLINE, grubCfg.replace("grub.cfg", "grubenv")))
                        .flatMap(List::stream).toList();
        return List.of(new Regeneration(argv, rewrites, Stream.concat(Stream.of(grubCfg), entries.stream()).toList()));
    }

    @Override
    public String packageName() {
        return program.startsWith("grub2") ? "grub2-tools" : "grub";
    }
}
