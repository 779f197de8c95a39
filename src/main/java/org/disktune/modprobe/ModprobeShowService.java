package org.disktune.modprobe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.disktune.host.Host;

/**
 * Backs {@code disktune modprobe show}: every option configured (modprobe.d, the kernel command
 * line) with its winning value and source, plus the catalogue parameters of loaded modules that
 * nothing configures, each compared with the value in /sys/module.
 */
public final class ModprobeShowService {
    private final Host host;
    private final DriverCatalog catalog;

    public ModprobeShowService(Host host, DriverCatalog catalog) {
        this.host = host;
        this.catalog = catalog;
    }

    public List<ModuleOptionStatus> show() {
        ModprobeConfig config = new ModprobeConfigReader(host).read();
        ModuleParameterReader reader = new ModuleParameterReader(host);
        Map<String, List<ModuleOption>> byParam = new LinkedHashMap<>();
        for (ModuleOption o : config.options()) {
            byParam.computeIfAbsent(o.module() + "\0" + ModprobeConfigParser.normalizeName(o.parameter()), k -> new ArrayList<>()).add(o);
        }
        List<ModuleOptionStatus> rows = new ArrayList<>();
        for (List<ModuleOption> settings : byParam.values()) {
            ModuleOption last = settings.get(settings.size() - 1);
            String module = last.module();
            String param = ModprobeConfigParser.normalizeName(last.parameter());
            RunningParameter running = reader.read(module, param);
            boolean builtIn = running.presence() != ParameterPresence.MODULE_NOT_LOADED && builtIn(module);
            List<String> notes = new ArrayList<>();
            ModuleOption winner = last;
            if (builtIn) {
                // a built-in module never sees modprobe.d: only the kernel command line sets its parameters
                winner = settings.stream().filter(o -> o.origin().commandLine()).reduce((a, b) -> b).orElse(last);
                for (ModuleOption o : settings) {
                    if (!o.origin().commandLine()) {
                        notes.add(o.origin().describe() + " does not apply: " + module + " is built into the kernel, which takes its "
                                + "parameters only from the kernel command line (" + module + "." + param
                                + (o.value() == null ? "" : "=" + o.value()) + ")");
                    }
                }
            } else {
                for (ModuleOption earlier : settings.subList(0, settings.size() - 1)) {
                    if (!java.util.Objects.equals(earlier.value(), winner.value())) {
                        notes.add("overridden: " + earlier.origin().describe() + " sets " + (earlier.value() == null ? "(bare)" : earlier.value()));
                    }
                }
            }
            moduleNotes(config, module, notes);
            ParameterType type = catalog.parameter(module, param).map(DriverParameter::type).orElse(null);
            OptionAgreement agreement = switch (running.presence()) {
                case MODULE_NOT_LOADED -> OptionAgreement.NOT_LOADED;
                case NOT_VISIBLE_IN_SYSFS -> OptionAgreement.NOT_VISIBLE_IN_SYSFS;
                case VALUE -> ModuleParameterReader.sameValue(type, winner.value(), running.value()) ? OptionAgreement.AGREE : OptionAgreement.DISAGREE;
            };
            if (agreement == OptionAgreement.NOT_VISIBLE_IN_SYSFS) {
                notes.add("not visible in sysfs: check the kernel log for its effect");
            }
            if (agreement == OptionAgreement.DISAGREE && winner.origin().commandLine()) {
                notes.add("the kernel adjusted the value: the command line asks for " + winner.value() + ", the kernel runs with "
                        + running.value() + " (it limits the parameter to what it supports); a reboot will not change that");
            } else if (agreement == OptionAgreement.DISAGREE && !builtIn) {
                notes.add("the running module uses another value: reboot, or rebuild the initramfs if the module loads from it");
            }
            rows.add(new ModuleOptionStatus(module, param, winner.value(), winner.origin().describe(), running.value(), agreement, notes));
        }
        for (String module : catalog.modules()) {
            if (!reader.loaded(module)) {
                continue;
            }
            for (DriverParameter p : catalog.parameters(module)) {
                if (byParam.containsKey(module + "\0" + p.parameter()) || !p.visibleInSysfs()) {
                    continue;
                }
                RunningParameter running = reader.read(module, p.parameter());
                if (running.presence() == ParameterPresence.VALUE) {
                    List<String> notes = new ArrayList<>();
                    moduleNotes(config, module, notes);
                    rows.add(new ModuleOptionStatus(module, p.parameter(), null, null, running.value(), OptionAgreement.NOT_CONFIGURED, notes));
                }
            }
        }
        return rows;
    }

    /**
     * Whether module is built into the running kernel: listed in modules.builtin of the running kernel
     * (written by the kernel build, read by kmod), or present in /sys/module (the kernel makes
     * /sys/module/M for a built-in module's parameters, kernel/params.c param_sysfs_builtin()) but not
     * in /proc/modules, which lists loaded loadable modules only. Not initstate: kernels before 2.6.22
     * had none.
     */
    private boolean builtIn(String module) {
        String m = ModprobeConfigParser.normalizeName(module);
        try {
            Path loaded = host.path("/proc/modules");
            if (Files.isDirectory(host.path("/sys/module/" + m)) && Files.isRegularFile(loaded)) {
                try (java.util.stream.Stream<String> lines = Files.lines(loaded)) {
                    if (lines.map(l -> l.split(" ", 2)[0]).noneMatch(name -> ModprobeConfigParser.normalizeName(name).equals(m))) {
                        return true;
                    }
                }
            }
            Path release = host.path("/proc/sys/kernel/osrelease");
            return Files.isRegularFile(release) && KernelModules.builtInto(host, Files.readString(release).strip(), m);
        } catch (IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

    private static void moduleNotes(ModprobeConfig config, String module, List<String> notes) {
        for (ModprobeDirective d : config.directives(DirectiveKind.BLACKLIST, module)) {
            notes.add("blacklisted in " + d.origin().describe() + " (stops alias-based loading only)");
        }
        for (ModprobeDirective d : config.directives(DirectiveKind.INSTALL, module)) {
            notes.add("install command in " + d.origin().describe() + " replaces loading: " + d.argument().strip());
        }
    }
}
