package org.disktune.modprobe;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything kmod would read on a host, in kmod's order: the files (sorted by name across the
 * directories) and then the kernel command line. For a module, kmod concatenates the options of
 * every matching statement in this order and the kernel's parse_args() applies them left to right,
 * so the LAST value of a parameter is the one in effect.
 */
public record ModprobeConfig(List<ModprobeConfigFile> files, List<ModprobeDirective> directives, List<IgnoredLine> ignored) {
    public ModprobeConfig {
        files = List.copyOf(files);
        directives = List.copyOf(directives);
        ignored = List.copyOf(ignored);
    }

    /** Every parameter of every options statement, in kmod order. */
    public List<ModuleOption> options() {
        List<ModuleOption> out = new ArrayList<>();
        for (ModprobeDirective d : directives) {
            if (d.kind() == DirectiveKind.OPTIONS) {
                for (String[] pv : ModprobeConfigParser.splitOptions(d.argument())) {
                    out.add(new ModuleOption(d.module(), pv[0], pv[1], d.origin()));
                }
            }
        }
        return out;
    }

    /** The options of one module ('-' and '_' equivalent), in kmod order. */
    public List<ModuleOption> optionsFor(String module) {
        String m = ModprobeConfigParser.normalizeName(module);
        return options().stream().filter(o -> o.module().equals(m)).toList();
    }

    /** The setting of a parameter that wins when the module loads: the last one. */
    public Optional<ModuleOption> effective(String module, String parameter) {
        ModuleOption last = null;
        for (ModuleOption o : optionsFor(module)) {
            if (ModprobeConfigParser.sameParameter(o.parameter(), parameter)) {
                last = o;
            }
        }
        return Optional.ofNullable(last);
    }

    public List<ModprobeDirective> directives(DirectiveKind kind, String module) {
        String m = ModprobeConfigParser.normalizeName(module);
        return directives.stream().filter(d -> d.kind() == kind && d.module().equals(m)).toList();
    }
}
