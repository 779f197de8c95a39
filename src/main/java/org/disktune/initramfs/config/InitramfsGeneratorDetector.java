package org.disktune.initramfs.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/**
 * Finds which initramfs generators a host has (programs and config files), their configuration,
 * the installed kernels and the initramfs images in /boot. Reads only, through the Host.
 */
public final class InitramfsGeneratorDetector {
    public static final String MKINITCPIO_CONF = "/etc/mkinitcpio.conf";
    public static final String MKINITCPIO_CONF_D = "/etc/mkinitcpio.conf.d";
    public static final String MKINITCPIO_PRESETS = "/etc/mkinitcpio.d";
    public static final String INITRAMFS_TOOLS_CONF = "/etc/initramfs-tools/initramfs.conf";
    /** Compiled when a mkinitcpio program is found. */
    private static final class Patterns {
        static final Pattern MKINITCPIO_VERSION = Pattern.compile("(?m)^declare -r version=['\"]?([0-9][^'\"\\s]*)");
    }

    private final Host host;

    public InitramfsGeneratorDetector(Host host) {
        this.host = host;
    }

    public GeneratorDetection detect() {
        List<DetectedGenerator> generators = new ArrayList<>();
        addIfPresent(mkinitcpio(), generators);
        addIfPresent(dracut(), generators);
        addIfPresent(initramfsTools(), generators);
        List<InstalledKernel> kernels = kernels(generators);
        return new GeneratorDetection(generators, kernels, bootImages());
    }

    private static void addIfPresent(Optional<DetectedGenerator> generator, List<DetectedGenerator> into) {
        if (generator.isPresent()) {
            into.add(generator.get());
        }
    }

    private Optional<DetectedGenerator> mkinitcpio() {
        String program = program("mkinitcpio");
        boolean conf = Files.isRegularFile(host.path(MKINITCPIO_CONF));
        if (program == null && !conf) {
            return Optional.empty();
        }
        String version = null;
        if (program != null) {
            Matcher m = Patterns.MKINITCPIO_VERSION.matcher(readLatin1(program));
            version = m.find() ? m.group(1) : null;
        }
        List<String> configFiles = new ArrayList<>();
        MkinitcpioConf parsed = null;
        List<String> notes = new ArrayList<>();
        if (conf) {
            configFiles.add(MKINITCPIO_CONF);
            parsed = new MkinitcpioFilesEditor(MKINITCPIO_CONF).parse(readBytes(MKINITCPIO_CONF));
            if (parsed.modconfHook()) {
                notes.add("HOOKS has modconf: /etc/modprobe.d/*.conf goes into the image already; a FILES entry is harmless");
            }
        }
        configFiles.addAll(list(MKINITCPIO_CONF_D, ".conf"));
        List<MkinitcpioPreset> presets = new ArrayList<>();
        MkinitcpioPresetParser parser = new MkinitcpioPresetParser();
        for (String file : list(MKINITCPIO_PRESETS, ".preset")) {
            String name = file.substring(file.lastIndexOf('/') + 1, file.length() - ".preset".length());
            presets.add(parser.parse(name, file, readBytes(file), this::readIfPresent));
        }
        return Optional.of(new DetectedGenerator(GeneratorKind.MKINITCPIO, program, version, configFiles, presets, parsed, null,
                parsed != null && parsed.modconfHook(), notes));
    }

    private Optional<DetectedGenerator> dracut() {
        String program = program("dracut");
        DracutConfReader reader = new DracutConfReader(host);
        boolean present = program != null || Files.isRegularFile(host.path(DracutConfReader.MAIN))
                || Files.isDirectory(host.path("/usr/lib/dracut/modules.d"));
        if (!present) {
            return Optional.empty();
        }
        DracutConf conf = reader.read();
        List<String> notes = new ArrayList<>();
        notes.add(conf.copiesModprobeD() ? "hostonly=yes: dracut copies /etc/modprobe.d/*.conf"
                : "not host-only: dracut does not copy /etc/modprobe.d; install_items must name the file");
        return Optional.of(new DetectedGenerator(GeneratorKind.DRACUT, program, null, conf.files(), List.of(), null, conf,
                conf.copiesModprobeD(), notes));
    }

    private Optional<DetectedGenerator> initramfsTools() {
        String program = program("update-initramfs");
        if (program == null) {
            return Optional.empty();
        }
        List<String> files = new ArrayList<>();
        if (Files.isRegularFile(host.path(INITRAMFS_TOOLS_CONF))) {
            files.add(INITRAMFS_TOOLS_CONF);
        }
        files.addAll(list("/etc/initramfs-tools/conf.d", ""));
        if (Files.isRegularFile(host.path("/etc/initramfs-tools/modules"))) {
            files.add("/etc/initramfs-tools/modules");
        }
        return Optional.of(new DetectedGenerator(GeneratorKind.INITRAMFS_TOOLS, program, null, files, List.of(), null, null, true,
                List.of("initramfs-tools copies /etc/modprobe.d/*.conf into every image itself: nothing to edit, check the image")));
    }

    private List<InstalledKernel> kernels(List<DetectedGenerator> generators) {
        Set<String> versions = new TreeSet<>();
        for (String dir : List.of("/lib/modules", "/usr/lib/modules")) {
            for (String p : list(dir, null)) {
                if (Files.isDirectory(host.path(p))) {
                    versions.add(p.substring(p.lastIndexOf('/') + 1));
                }
            }
        }
        List<InstalledKernel> out = new ArrayList<>();
        for (String v : versions) {
            Optional<String> pkgbaseLine = firstLine("/usr/lib/modules/" + v + "/pkgbase");
            if (pkgbaseLine.isEmpty()) {
                pkgbaseLine = firstLine("/lib/modules/" + v + "/pkgbase");
            }
            String pkgbase = pkgbaseLine.orElse(null);
            String kernelImage = firstExisting(java.util.Arrays.asList("/boot/vmlinuz-" + v, pkgbase == null ? null : "/boot/vmlinuz-" + pkgbase,
                    "/lib/modules/" + v + "/vmlinuz", "/usr/lib/modules/" + v + "/vmlinuz"));
            LinkedHashSet<String> candidates = new LinkedHashSet<>(List.of("/boot/initrd.img-" + v, "/boot/initramfs-" + v + ".img", "/boot/initrd-" + v));
            if (pkgbase != null) {
                candidates.add("/boot/initramfs-" + pkgbase + ".img");
                candidates.add("/boot/initramfs-" + pkgbase + "-fallback.img");
            }
            for (DetectedGenerator g : generators) {
                for (MkinitcpioPreset p : g.presets()) {
                    if (p.name().equals(pkgbase) || presetForKernel(p, v, kernelImage)) {
                        candidates.addAll(p.outputs());
                    }
                }
            }
            List<String> images = new ArrayList<>();
            for (String c : candidates) {
                if (c.startsWith("/") && Files.isRegularFile(host.path(c))) {
                    images.add(c);
                }
            }
            out.add(new InstalledKernel(v, kernelImage, images, pkgbase));
        }
        return out;
    }

    /** Whether one of the preset's presets is for kernel {@code version}, named by version or by its image path. */
    private static boolean presetForKernel(MkinitcpioPreset p, String version, String kernelImage) {
        for (String x : p.presets()) {
            String kver = p.kver(x);
            if (version.equals(kver) || (kver != null && kver.equals(kernelImage))) {
                return true;
            }
        }
        return false;
    }

    private List<String> bootImages() {
        List<String> images = new ArrayList<>();
        for (String p : list("/boot", null)) {
            String n = p.substring(p.lastIndexOf('/') + 1);
            if ((n.startsWith("initrd") || n.startsWith("initramfs") || (n.startsWith("kernel26") && n.endsWith(".img")))
                    && Files.isRegularFile(host.path(p))) {
                images.add(p);
            }
        }
        return Collections.unmodifiableList(images);
    }

    private String program(String name) {
        return host.installedProgram(name).orElse(null);
    }

    private String firstExisting(List<String> paths) {
        for (String p : paths) {
            if (p != null && Files.isRegularFile(host.path(p))) {
                return p;
            }
        }
        return null;
    }

    private Optional<String> firstLine(String machinePath) {
        Path p = host.path(machinePath);
        if (!Files.isRegularFile(p)) {
            return Optional.empty();
        }
        String s = readLatin1(machinePath).strip();
        int nl = s.indexOf('\n');
        return Optional.of(nl < 0 ? s : s.substring(0, nl));
    }

    /** Machine paths of the entries of a directory (sorted), optionally only names ending in suffix. */
    private List<String> list(String dir, String suffix) {
        Path d = host.path(dir);
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        // what Files.list reads, without its stream; an error while reading the entries is thrown as Files.list's stream does
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(d)) {
            for (Path p : entries) {
                String n = p.getFileName().toString();
                if (suffix == null || n.endsWith(suffix)) {
                    names.add(n);
                }
            }
        } catch (DirectoryIteratorException e) {
            throw new UncheckedIOException(e.getCause());
        } catch (IOException e) {
            throw DisktuneException.environment("cannot list " + dir + ": " + e.getMessage());
        }
        Collections.sort(names);
        List<String> paths = new ArrayList<>();
        for (String n : names) {
            paths.add(dir + "/" + n);
        }
        return Collections.unmodifiableList(paths);
    }

    private Optional<String> readIfPresent(String machinePath) {
        return machinePath.startsWith("/") && Files.isRegularFile(host.path(machinePath)) ? Optional.of(readLatin1(machinePath)) : Optional.empty();
    }

    private byte[] readBytes(String machinePath) {
        try {
            return Files.readAllBytes(host.path(machinePath));
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read " + machinePath + ": " + e.getMessage());
        }
    }

    private String readLatin1(String machinePath) {
        return new String(readBytes(machinePath), StandardCharsets.ISO_8859_1);
    }
}
