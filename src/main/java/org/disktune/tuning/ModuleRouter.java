package org.disktune.tuning;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.disktune.boot.KernelParameter;
import org.disktune.config.ModuleParameter;
import org.disktune.config.ModuleSection;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.OptionValidator;

/**
 * Sends each {@code [module]} parameter to modprobe.d or to the kernel command line. modprobe.d is never read for a
 * module built into the kernel (modules.builtin), so a parameter of a module built into any installed kernel goes to
 * the command line: that kernel decides, and the line also reaches the kernels where the module is loadable (modprobe
 * takes {@code module.param=value} from /proc/cmdline when it loads a module). {@code via = cmdline} sends a section
 * there always; every other parameter goes to modprobe.d as before. Pure over the module lists read beforehand.
 */
final class ModuleRouter {
    private final KernelModules kernels;
    private final OptionValidator validator;

    ModuleRouter(KernelModules kernels, OptionValidator validator) {
        this.kernels = kernels;
        this.validator = validator;
    }

    /** The parameters for modprobe.d, those for the kernel command line, and each one's route. */
    record Routed(DesiredModuleOptions modprobe, List<KernelParameter> commandLine, List<ModuleRoute> routes) {
        Routed {
            commandLine = List.copyOf(commandLine);
            routes = List.copyOf(routes);
        }
    }

    Routed route(List<ModuleSection> sections) {
        DesiredModuleOptions modprobe = DesiredModuleOptions.none();
        List<KernelParameter> commandLine = new ArrayList<>();
        List<ModuleRoute> routes = new ArrayList<>();
        for (ModuleSection section : sections) {
            String why = commandLineReason(section);
            for (ModuleParameter p : section.parameters()) {
                OptionValidator.CheckedOption c = validator.check(section.module(), p.name(), p.value());
                if (why != null) {
                    commandLine.add(new KernelParameter(c.module(), c.parameter(), c.value()));
                    routes.add(new ModuleRoute(c.module(), c.parameter(), c.value(), ModuleRoute.Destination.KERNEL_COMMAND_LINE, why));
                } else {
                    modprobe = modprobe.with(c.module(), c.parameter(), c.value());
                    routes.add(new ModuleRoute(c.module(), c.parameter(), c.value(), ModuleRoute.Destination.MODPROBE_D,
                            loadableReason(c.module())));
                }
            }
        }
        return new Routed(modprobe, commandLine, routes);
    }

    /** Why the module's parameters go to the kernel command line; null when they go to modprobe.d. */
    String commandLineReason(ModuleSection section) {
        if (section.via() == ModuleSection.Via.CMDLINE) {
            return "via = cmdline in [module " + section.module() + "]";
        }
        return builtInReason(section.module());
    }

    /** "M is built into K (modules.builtin)...", null when no installed kernel builds it in. */
    String builtInReason(String module) {
        Map<String, Boolean> builtIn = kernels.builtIn(module);
        List<String> into = builtIn.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        if (into.isEmpty()) {
            return null;
        }
        List<String> loadable = builtIn.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
        String reason = module + " is built into " + String.join(", ", into) + " (modules.builtin), where modprobe.d is never read";
        return loadable.isEmpty() ? reason : reason + "; " + String.join(", ", into) + " decides: the command line also reaches "
                + module + " as a loadable module of " + String.join(", ", loadable);
    }

    private String loadableReason(String module) {
        return kernels.builtIn(module).isEmpty() ? "no installed kernel's modules.builtin lists " + module
                : module + " is built into no installed kernel (" + String.join(", ", kernels.builtIn(module).keySet()) + ")";
    }
}
