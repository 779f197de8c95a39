package org.disktune.tuning;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.Change;
import org.disktune.apply.DeleteFile;
import org.disktune.apply.Plan;
import org.disktune.apply.WriteFile;
import org.disktune.config.DesiredStateReader;
import org.disktune.config.ModuleSection;
import org.disktune.config.ModuleSectionEditor;
import org.disktune.core.DisktuneException;
import org.disktune.host.Host;
import org.disktune.initramfs.ImageContentVerifier;
import org.disktune.modprobe.DesiredModuleOptions;
import org.disktune.modprobe.DisktuneModprobeFile;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.modprobe.KernelModules;
import org.disktune.modprobe.ModprobeConfigReader;
import org.disktune.modprobe.ModprobeConflict;
import org.disktune.modprobe.ModprobeConflictFinder;
import org.disktune.modprobe.KernelModuleParameters;
import org.disktune.modprobe.OptionValidator;
import org.disktune.initramfs.rebuild.InitramfsRebuildPlanner;
import org.disktune.initramfs.rebuild.InitramfsPostconditionChecker;
import org.disktune.initramfs.rebuild.RebuildTarget;

/**
 * Plans {@code disktune modprobe set|unset}, reading only: the new {@code /etc/modprobe.d/disktune.conf}
 * (validated against the driver catalogue), the generator configuration that carries it into the
 * initramfs (mkinitcpio FILES in /etc/mkinitcpio.conf or the drop-in, dracut's drop-in with
 * {@code install_items+=}; nothing for initramfs-tools, which copies /etc/modprobe.d itself: the
 * check after the rebuild proves it), then a rebuild and check per kernel. When the file is emptied
 * it is deleted and taken out of the generator configuration again. When no file changes but an
 * image does not hold the current file, only the rebuild is planned; when the images agree too,
 * the plan is empty.
 */
public final class ModuleOptionPlanner {
    private static final String PATH = DisktuneModprobeFile.PATH;
    private static final String CONFIG = DesiredStateReader.PATH;

    private final Host host;
    private final DriverCatalog catalog;
    private final DisktuneModprobeFile file;
    private final ConfigModuleOptions options;
    /**
     * The check of an option a user sets now: the driver table and, where they exist, the installed kernels' module
     * files. Options already configured are read with the table alone, so that a kernel update cannot stop apply --boot.
     */
    private final OptionValidator validator;

    public ModuleOptionPlanner(Host host, DriverCatalog catalog) {
        this.host = host;
        this.catalog = catalog;
        this.validator = new OptionValidator(catalog, new KernelModuleParameters(host));
        this.file = new DisktuneModprobeFile(new OptionValidator(catalog));
        this.options = new ConfigModuleOptions(new OptionValidator(catalog));
    }

    public ModuleOptionPlan set(String module, String parameter, String value, String kernel) {
        OptionValidator.CheckedOption option = checked(module, parameter, value);
        Current current = current();
        byte[] edited = options.editor().set(current.base(), option.module(), option.parameter(), option.value());
        RebuildTarget target = new InitramfsRebuildPlanner(host).target(kernel);
        for (ModprobeConflict conflict : new ModprobeConflictFinder().find(new ModprobeConfigReader(host).read(),
                DesiredModuleOptions.none().with(option.module(), option.parameter(), option.value()))) {
            current.notes().add(conflict.message());
        }
        Plan plan = edit(current, edited, target, "set " + option.module() + " " + option.parameter() + "=" + option.value());
        return new ModuleOptionPlan("set", option.module(), option.parameter(), option.value(), plan, target, current.notes());
    }

    /**
     * The steps of {@link #set} before the initramfs (the configuration and the modprobe file), for a --root or
     * --sample tree that has no initramfs generator: what a dry run shows before it stops there.
     */
    public Plan setBeforeInitramfs(String module, String parameter, String value) {
        OptionValidator.CheckedOption option = checked(module, parameter, value);
        Current current = current();
        byte[] edited = options.editor().set(current.base(), option.module(), option.parameter(), option.value());
        String what = "set " + option.module() + " " + option.parameter() + "=" + option.value();
        byte[] wanted = file.render(modprobeOptions(edited));
        Plan modprobe = Arrays.equals(current.modprobe(), wanted) ? Plan.empty()
                : Plan.of(new WriteFile(PATH, current.modprobe(), wanted, what + " in the module options disktune owns"));
        return configEdit(current.config(), edited, what).then(modprobe);
    }

    /**
     * The steps of {@link #unset} before the initramfs (the configuration, then the modprobe file rewritten, or
     * deleted when no option is left), for a --root or --sample tree that has no initramfs generator.
     */
    public Plan unsetBeforeInitramfs(String module, String parameter) {
        OptionValidator.CheckedOption names = new OptionValidator(DriverCatalog.parse("")).check(module, parameter, "0");
        Current current = current();
        byte[] edited = current.base() == null ? null : options.editor().unset(current.base(), names.module(), names.parameter());
        String what = "remove " + names.module() + " " + names.parameter();
        DesiredModuleOptions desired = edited == null ? DesiredModuleOptions.none() : modprobeOptions(edited);
        byte[] wanted = desired.isEmpty() ? null : file.render(desired);
        Plan modprobe = Plan.empty();
        if (wanted != null && !Arrays.equals(current.modprobe(), wanted)) {
            modprobe = Plan.of(new WriteFile(PATH, current.modprobe(), wanted, what + " in the module options disktune owns"));
        } else if (wanted == null && current.modprobe() != null) {
            modprobe = Plan.of(new DeleteFile(PATH, current.modprobe(), what + ": no option is left, so disktune's module options file goes"));
        }
        return configEdit(current.config(), edited, what).then(modprobe);
    }

    public ModuleOptionPlan unset(String module, String parameter, String kernel) {
        OptionValidator.CheckedOption names = new OptionValidator(DriverCatalog.parse("")).check(module, parameter, "0");
        Current current = current();
        byte[] edited = current.base() == null ? null : options.editor().unset(current.base(), names.module(), names.parameter());
        RebuildTarget target = new InitramfsRebuildPlanner(host).target(kernel);
        Plan plan = edit(current, edited, target, "remove " + names.module() + " " + names.parameter());
        return new ModuleOptionPlan("unset", names.module(), names.parameter(), null, plan, target, current.notes());
    }

    /**
     * The option validated, of a module the tree's kernels have (a misspelt name is refused, with the close one), whose
     * parameters go to modprobe.d: a module built into a kernel, or a section with via = cmdline, is refused with the
     * section of the configuration that puts it on the kernel command line.
     */
    private OptionValidator.CheckedOption checked(String module, String parameter, String value) {
        OptionValidator.CheckedOption option = validator.check(module, parameter, value);
        KernelModules kernels = KernelModules.read(host);
        Optional<String> missing = kernels.missing(option.module());
        if (missing.isPresent()) {
            throw DisktuneException.usage("cannot set " + option.module() + " " + option.parameter() + " (nothing was changed): "
                    + missing.get());
        }
        byte[] config = read(CONFIG);
        List<ModuleSection> sections = config == null ? List.of() : options.sections(config, CONFIG);
        ModuleSection section = sections.stream().filter(s -> s.module().equals(option.module())).findFirst()
                .orElse(new ModuleSection(option.module(), 0, List.of()));
        String why = new ModuleRouter(kernels, validator).commandLineReason(section);
        if (why != null) {
            throw DisktuneException.usage("cannot set " + option.module() + " " + option.parameter() + " in modprobe.d (nothing was changed): "
                    + why + "; put " + option.parameter() + " = " + option.value() + " under [module " + option.module() + "] in " + CONFIG
                    + " and run disktune apply, which puts it on the kernel command line");
        }
        return option;
    }

    /** The options of a configuration that go to modprobe.d (not those routed to the kernel command line). */
    private DesiredModuleOptions modprobeOptions(byte[] config) {
        return new ModuleRouter(KernelModules.read(host), new OptionValidator(catalog)).route(options.sections(config, CONFIG)).modprobe();
    }

    /** The configuration and modprobe file as read, and the configuration with an earlier modprobe file taken in. */
    private record Current(byte[] config, byte[] modprobe, byte[] base, List<String> notes) {
    }

    private Current current() {
        byte[] config = read(CONFIG);
        byte[] modprobe = read(PATH);
        if (modprobe != null) {
            file.parse(modprobe); // a line disktune would not have written is refused, naming it, before anything changes
        }
        List<String> notes = new ArrayList<>();
        return new Current(config, modprobe, options.takeInEarlierFile(config, CONFIG, modprobe, notes), notes);
    }

    /** The configuration edit, then the modprobe file rendered from the edited configuration, its generator and rebuilds. */
    private Plan edit(Current current, byte[] edited, RebuildTarget target, String what) {
        DesiredModuleOptions desired = edited == null ? DesiredModuleOptions.none() : modprobeOptions(edited);
        return configEdit(current.config(), edited, what)
                .then(plan(current.modprobe(), desired.isEmpty() ? null : file.render(desired), target, what, current.notes()));
    }

    /** The write of the configuration when its [module] sections change (nothing when they do not). */
    private static Plan configEdit(byte[] before, byte[] after, String what) {
        if (after == null || Arrays.equals(before, after)) {
            return Plan.empty();
        }
        if (new String(after, StandardCharsets.UTF_8).equals(ModuleSectionEditor.NEW_FILE_HEADER)) {
            return Plan.of(new DeleteFile(CONFIG, before, what + ": " + CONFIG + " holds nothing else, so it goes"));
        }
        return Plan.of(new WriteFile(CONFIG, before, after, what + " in " + CONFIG + ", the desired state"));
    }

    /**
     * The plan that makes disktune's modprobe file hold exactly {@code wanted} (the {@code [module]} sections of
     * the configuration, each option already validated), with the generator configuration and the rebuilds:
     * empty when the file and every image already agree, and without looking for a generator at all when
     * there are no options and no file (a configuration of disk settings only needs no initramfs).
     */
    public Optional<ModuleOptionPlan> options(DesiredModuleOptions wanted, String kernel) {
        byte[] current = read(PATH);
        if (current != null) {
            file.parse(current);
        }
        if (wanted.isEmpty() && current == null) {
            return Optional.empty();
        }
        byte[] wantedBytes = wanted.isEmpty() ? null : file.render(wanted);
        RebuildTarget target = new InitramfsRebuildPlanner(host).target(kernel);
        List<String> notes = new ArrayList<>();
        for (ModprobeConflict conflict : new ModprobeConflictFinder().find(new ModprobeConfigReader(host).read(), wanted)) {
            notes.add(conflict.message());
        }
        Plan plan = plan(current, wantedBytes, target, "module options of the configuration", notes);
        return Optional.of(new ModuleOptionPlan("apply", null, null, null, plan, target, notes));
    }

    /**
     * The modprobe file from {@code current} to {@code wanted} (null: no file), the generator configuration that
     * carries it into the initramfs, and the rebuilds; only the rebuilds when an image is stale; else empty.
     */
    private Plan plan(byte[] current, byte[] wanted, RebuildTarget target, String what, List<String> notes) {
        boolean keep = wanted != null && !file.parse(wanted).isEmpty();
        List<Change> changes = new ArrayList<>();
        if (keep && !Arrays.equals(current, wanted)) {
            changes.add(new WriteFile(PATH, current, wanted, what + " in the module options disktune owns"));
        } else if (!keep && current != null) {
            changes.add(new DeleteFile(PATH, current, what + ": no option is left, so disktune's module options file goes"));
        }
        changes.addAll(new GeneratorConfigEdits(host).edits(target.generator(), keep));
        InitramfsRebuildPlanner rebuild = new InitramfsRebuildPlanner(host);
        if (changes.isEmpty()) {
            List<String> stale = staleImages(target);
            if (stale.isEmpty()) {
                return Plan.empty();
            }
            notes.add("no file changes, but " + String.join(", ", stale) + ": rebuilding");
        }
        return new Plan(changes).then(rebuild.plan(target, keep));
    }

    /** The images (of the target's kernels) that do not hold the current file as the host does. */
    private List<String> staleImages(RebuildTarget target) {
        List<String> stale = new ArrayList<>();
        for (String image : target.images()) {
            Optional<String> problem;
            try {
                problem = InitramfsPostconditionChecker.imageProblem(host, image, ImageContentVerifier.OWN_FILES, null);
            } catch (DisktuneException e) {
                problem = Optional.of(image + " cannot be read (" + e.getMessage() + ")");
            }
            problem.ifPresent(stale::add);
        }
        return stale;
    }

    private byte[] read(String machinePath) {
        return host.fileBytesOrNull(machinePath);
    }
}
