package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.modprobe.DriverCatalog;
import org.disktune.tuning.ModuleOptionPlanner;
import org.disktune.tuning.ModuleOptionResult;
import org.disktune.tuning.ModuleOptionService;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** disktune modprobe unset MODULE PARAM: remove the option the same safe way it was set. */
@Command(name = "unset", mixinStandardHelpOptions = true,
        description = {
                "Remove a module option from /etc/modprobe.d/disktune.conf (the file, and its entry in the generator's "
                        + "configuration, go when no option is left), rebuild the images and check that they hold the new file "
                        + "(or no longer hold it). Backed up, journaled and rolled back as for set.",
                "Exit 3 (reboot needed) after a change, 0 when the option was not set by disktune. With --dry-run on a "
                        + "--root or --sample tree without an initramfs generator: the plan up to the initramfs, then exit 4."})
final class ModprobeUnsetCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "MODULE", description = "The module, e.g. sata_nv.")
    private String module;

    @Parameters(index = "1", paramLabel = "PARAM", description = "The parameter, e.g. adma.")
    private String parameter;

    @Option(names = "--kernel", paramLabel = "KVER", description = "Rebuild only the initramfs of this kernel.")
    private String kernel;

    @Option(names = "--dry-run", description = "Print the unified diffs and the commands; change nothing.")
    private boolean dryRun;

    ModprobeUnsetCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        if (dryRun && ModprobeSetCommand.treeWithoutGenerator(session)) {
            return ModprobeSetCommand.stopBeforeInitramfs(session,
                    new ModuleOptionPlanner(session.host(), DriverCatalog.load()).unsetBeforeInitramfs(module, parameter));
        }
        ModuleOptionResult result = ApplyFailureOutput.around(session, () -> new ModuleOptionService(session.host(), DriverCatalog.load())
                .unset(module, parameter, kernel, dryRun));
        return new ModuleOptionRenderer().render(session.output(), "modprobe unset", result);
    }
}
