package org.disktune.modprobe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds statements in other files that defeat or are defeated by disktune's options. kmod
 * concatenates every options statement of a module in file-name order (the kernel command line
 * last) and the kernel applies parameters left to right, so whichever setting comes later wins.
 * disktune's file is /etc/modprobe.d/disktune.conf, so a file named after "disktune.conf" in
 * strcmp order (e.g. "sata_nv.conf") wins over it, and one named before it (e.g. "50-sata.conf")
 * loses.
 */
public final class ModprobeConflictFinder {

    public List<ModprobeConflict> find(ModprobeConfig config, DesiredModuleOptions desired) {
        List<ModprobeConflict> out = new ArrayList<>();
        for (Map.Entry<String, java.util.SortedMap<String, String>> module : desired.modules().entrySet()) {
            String m = module.getKey();
            for (Map.Entry<String, String> param : module.getValue().entrySet()) {
                for (ModuleOption o : config.optionsFor(m)) {
                    if (isDisktunes(o.origin()) || !ModprobeConfigParser.sameParameter(o.parameter(), param.getKey())) {
                        continue;
                    }
                    if (sameValue(o.value(), param.getValue())) {
                        continue;
                    }
                    boolean later = o.origin().commandLine()
                            || !o.origin().source().equals(ModprobeConfigReader.LEGACY_FILE) && baseName(o.origin().source()).compareTo(DisktuneModprobeFile.FILE_NAME) > 0;
                    String shown = o.value() == null ? "(bare)" : o.value();
                    if (later) {
                        out.add(new ModprobeConflict(ConflictKind.OVERRIDES_DISKTUNE, m, param.getKey(), o.value(), o.origin(),
                                o.origin().describe() + " sets " + m + " " + param.getKey() + "=" + shown + " after disktune's "
                                        + param.getValue() + ", so it wins; remove it there"));
                    } else {
                        out.add(new ModprobeConflict(ConflictKind.OVERRIDDEN_BY_DISKTUNE, m, param.getKey(), o.value(), o.origin(),
                                o.origin().describe() + " sets " + m + " " + param.getKey() + "=" + shown + ", overridden by disktune's "
                                        + param.getValue() + " (disktune.conf is read later)"));
                    }
                }
            }
            for (ModprobeDirective d : config.directives(DirectiveKind.BLACKLIST, m)) {
                out.add(new ModprobeConflict(ConflictKind.BLACKLISTED, m, null, null, d.origin(),
                        d.origin().describe() + " blacklists " + m + ": it will not load through its PCI alias, so its options may never be used"));
            }
            for (ModprobeDirective d : config.directives(DirectiveKind.INSTALL, m)) {
                out.add(new ModprobeConflict(ConflictKind.INSTALL_COMMAND, m, null, null, d.origin(),
                        d.origin().describe() + " replaces loading " + m + " with '" + d.argument().strip()
                                + "'; options reach the module only if that command passes $CMDLINE_OPTS or loads it with --ignore-install"));
            }
        }
        return out;
    }

    private static boolean isDisktunes(ConfigOrigin origin) {
        return origin.source().equals(DisktuneModprobeFile.PATH);
    }

    private static boolean sameValue(String other, String ours) {
        if (other == null) {
            return false;
        }
        Boolean a = OptionValidator.parseBool(other);
        Boolean b = OptionValidator.parseBool(ours);
        return other.equals(ours) || (a != null && a.equals(b));
    }

    private static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
