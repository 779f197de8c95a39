package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.disktune.config.ConfigParser;
import org.disktune.config.ModuleParameter;
import org.disktune.config.ModuleSection;
import org.disktune.config.ModuleSectionEditor;
import org.disktune.config.ParsedConfig;
import org.disktune.core.DisktuneException;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.OptionValidator;

/**
 * The module options of the desired state: the {@code [module]} sections of the configuration are the one
 * source of truth, and {@code /etc/modprobe.d/disktune.conf} is rendered from them. A modprobe file written
 * before the configuration existed (its old header says so) is taken into the configuration once: each of
 * its options that the configuration does not name is added to the configuration's bytes, every other byte
 * kept. Pure: works on bytes read beforehand.
 */
final class ConfigModuleOptions {
    private final OptionValidator validator;
    private final ModuleSectionEditor editor = new ModuleSectionEditor();

    ConfigModuleOptions(OptionValidator validator) {
        this.validator = validator;
    }

    /** The configuration's bytes after taking in the options of an earlier modprobe file ({@code config} itself when none). */
    byte[] takeInEarlierFile(byte[] config, String configName, byte[] modprobeFile, List<String> notes) {
        if (modprobeFile == null || !DisktuneModprobeFile.writtenBeforeConfiguration(modprobeFile)) {
            return config;
        }
        DesiredModuleOptions earlier = new DisktuneModprobeFile(validator).parse(modprobeFile);
        DesiredModuleOptions configured = config == null ? DesiredModuleOptions.none() : options(config, configName);
        byte[] result = config;
        List<String> taken = new ArrayList<>();
        for (Map.Entry<String, ? extends Map<String, String>> module : earlier.modules().entrySet()) {
            for (Map.Entry<String, String> p : module.getValue().entrySet()) {
                if (configured.value(module.getKey(), p.getKey()).isEmpty()) {
                    result = editor.set(result, module.getKey(), p.getKey(), p.getValue());
                    taken.add(module.getKey() + " " + p.getKey() + "=" + p.getValue());
                }
            }
        }
        if (!taken.isEmpty()) {
            notes.add(DisktuneModprobeFile.PATH + " was written before " + configName + " existed: its options " + String.join(", ", taken)
                    + " are taken into " + configName);
        }
        return result;
    }

    /** The validated options of the configuration's [module] sections; a broken configuration is a USAGE error. */
    DesiredModuleOptions options(byte[] config, String configName) {
        return options(sections(config, configName));
    }

    /** The configuration's [module] sections; a broken configuration is a USAGE error. */
    List<ModuleSection> sections(byte[] config, String configName) {
        ParsedConfig parsed = new ConfigParser().parse(config, configName);
        if (!parsed.ok()) {
            throw DisktuneException.usage(parsed.errors().get(0) + (parsed.errors().size() > 1
                    ? " (" + (parsed.errors().size() - 1) + " more; run disktune config check)" : ""));
        }
        return parsed.state().modules();
    }

    DesiredModuleOptions options(List<ModuleSection> sections) {
        DesiredModuleOptions options = DesiredModuleOptions.none();
        for (ModuleSection section : sections) {
            for (ModuleParameter p : section.parameters()) {
                OptionValidator.CheckedOption c = validator.check(section.module(), p.name(), p.value());
                options = options.with(c.module(), c.parameter(), c.value());
            }
        }
        return options;
    }

    ModuleSectionEditor editor() {
        return editor;
    }
}
