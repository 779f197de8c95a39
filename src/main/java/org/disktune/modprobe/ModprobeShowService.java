package org.disktune.modprobe;

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
            ModuleOption winner = settings.get(settings.size() - 1);
            String module = winner.module();
            String param = ModprobeConfigParser.normalizeName(winner.parameter());
            List<String> notes = new ArrayList<>();
            for (ModuleOption earlier : settings.subList(0, settings.size() - 1)) {
                if (!java.util.Objects.equals(earlier.value(), winner.value())) {
                    notes.add("overridden: " + earlier.origin().describe() + " sets " + (earlier.value() == null ? "(bare)" : earlier.value()));
                }
            }
            moduleNotes(config, module, notes);
            ParameterType type = catalog.parameter(module, param).map(DriverParameter::type).orElse(null);
            RunningParameter running = reader.read(module, param);
            OptionAgreement agreement = switch (running.presence()) {
                case MODULE_NOT_LOADED -> OptionAgreement.NOT_LOADED;
                case NOT_VISIBLE_IN_SYSFS -> OptionAgreement.NOT_VISIBLE_IN_SYSFS;
                case VALUE -> ModuleParameterReader.sameValue(type, winner.value(), running.value()) ? OptionAgreement.AGREE : OptionAgreement.DISAGREE;
            };
            if (agreement == OptionAgreement.NOT_VISIBLE_IN_SYSFS) {
                notes.add("not visible in sysfs: check the kernel log for its effect");
            }
            if (agreement == OptionAgreement.DISAGREE) {
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

    private static void moduleNotes(ModprobeConfig config, String module, List<String> notes) {
        for (ModprobeDirective d : config.directives(DirectiveKind.BLACKLIST, module)) {
            notes.add("blacklisted in " + d.origin().describe() + " (stops alias-based loading only)");
        }
        for (ModprobeDirective d : config.directives(DirectiveKind.INSTALL, module)) {
            notes.add("install command in " + d.origin().describe() + " replaces loading: " + d.argument().strip());
        }
    }
}
