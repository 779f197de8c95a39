package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.apply.Plan;
import org.disktune.apply.PlanRenderer;
import org.disktune.core.DisktuneException;
import org.disktune.initramfs.config.InitramfsGeneratorDetector;
import org.disktune.tuning.ModuleOptionPlanner;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.tuning.ModuleOptionResult;
import org.disktune.tuning.ModuleOptionService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** disktune modprobe set MODULE PARAM=VALUE: write the option, put it into the initramfs, prove it. */
@Command(name = "set", mixinStandardHelpOptions = true,
        description = {
                "Set a module option: validate it against the driver knowledge, write /etc/modprobe.d/disktune.conf atomically, "
                        + "put the file into the initramfs generator's configuration (mkinitcpio FILES or drop-in, dracut "
                        + "install_items drop-in; initramfs-tools copies modprobe.d itself), rebuild the image of every installed "
                        + "kernel (or --kernel), and check that each new image holds the file byte for byte. Every file and image "
                        + "is backed up and journaled under /var/lib/disktune (undo with: disktune undo); if the generator fails or "
                        + "an image lacks the file, everything is put back and the exit code is 5.",
                "Exit 3 (reboot needed) after a change. When the option is already configured and in every image nothing is "
                        + "changed or rebuilt: exit 0, or 3 if the running kernel does not use the value yet. A module that no "
                        + "installed kernel has (in no modules.dep or modules.builtin under /lib/modules, and not loaded) is refused "
                        + "with exit 2, naming the close name (did you mean sata_nv?); where no kernel has a modules.dep, the name is "
                        + "not checked.",
                "Needs root, except with --dry-run, which prints the diffs and commands and changes nothing."})
final class ModprobeSetCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "MODULE", description = "The module, e.g. sata_nv.")
    private String module;

    @Parameters(index = "1", paramLabel = "PARAM=VALUE", description = "The parameter and its value, e.g. adma=1.")
    private String assignment;

    @Option(names = "--kernel", paramLabel = "KVER", description = "Rebuild only the initramfs of this kernel (a directory of /lib/modules).")
    private String kernel;

    @Option(names = "--dry-run", description = "Print the unified diffs and the commands; change nothing.")
    private boolean dryRun;

    ModprobeSetCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw DisktuneException.usage("'" + assignment.replace("\n", "\\n") + "' is not PARAM=VALUE; e.g. disktune modprobe set "
                    + module + " adma=1");
        }
        if (dryRun && treeWithoutGenerator(session)) {
            return stopBeforeInitramfs(session, new ModuleOptionPlanner(session.host(), DriverCatalog.load())
                    .setBeforeInitramfs(module, assignment.substring(0, eq), assignment.substring(eq + 1)));
        }
        ModuleOptionResult result = ApplyFailureOutput.around(session, () -> new ModuleOptionService(session.host(), DriverCatalog.load())
                .set(module, assignment.substring(0, eq), assignment.substring(eq + 1), kernel, dryRun));
        return new ModuleOptionRenderer().render(session.output(), "modprobe set", result);
    }

    /** A --root or --sample tree without an initramfs generator (the live machine's missing generator is its own error). */
    static boolean treeWithoutGenerator(Session session) {
        return !session.host().live() && new InitramfsGeneratorDetector(session.host()).detect().primary().isEmpty();
    }

    /**
     * A dry run (modprobe set or unset) on a --root or --sample tree without an initramfs generator: the plan up to
     * the initramfs step, then one line saying the tree has no generator; exit 4 (ENVIRONMENT), as the real run would.
     */
    static int stopBeforeInitramfs(Session session, Plan plan) {
        if (!session.output().json()) {
            session.out().print(new PlanRenderer().render(plan));
            session.out().flush();
        }
        GlobalOptions o = session.options();
        String tree = o.sample() != null && !o.sample().isEmpty() ? "sample " + o.sample() : o.root() != null ? "--root " + o.root() : "this tree";
        String before = plan.isEmpty() ? "nothing changes before the initramfs"
                : "the plan " + (session.output().json() ? "" : "above ") + "stops before the initramfs";
        throw DisktuneException.environment(tree + " has no initramfs generator (no mkinitcpio, dracut or initramfs-tools in the tree): "
                + before + "; nothing was changed");
    }
}
