package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.tuning.InitService;
import org.disktune.tuning.InitService.InitResult;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** disktune init: propose a configuration for this machine, and install it with --write. */
@Command(name = "init", mixinStandardHelpOptions = true,
        description = {"The one-shot setup after install: propose a configuration from what detect finds (sata_nv adma=1 on an "
                + "nForce4 with ADMA off, nvme_core default_ps_max_latency_us=0 where the kernel log shows an NVMe controller reset while "
                + "APST was allowed, noatime where access times are written, mq-deadline for rotational disks, readahead for "
                + "RAID arrays; disks keyed by WWN or serial), with a comment explaining each choice. Prints it; --write installs it "
                + "as /etc/disktune/disktune.conf (journaled: disktune undo takes it back), never over an existing file without --force. "
                + "Then: disktune plan, disktune apply.",
                "Exit 0; 2 when the file exists and --force is not given; 4 when --write is not run as root."})
final class InitCommand implements Callable<Integer> {
    private final Session session;

    @Option(names = "--write", description = "Install the proposal as /etc/disktune/disktune.conf.")
    private boolean write;

    @Option(names = "--force", description = "With --write: replace an existing configuration (it is backed up first).")
    private boolean force;

    InitCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        InitResult result = new InitService(session.host()).init(write, force);
        session.output().render("init", result, out -> {
            out.print(result.text());
            if (result.written()) {
                out.println("# written to " + result.path() + (result.journalId() == null ? " (unchanged)" : " (journal " + result.journalId() + ")")
                        + "; next: disktune plan, then disktune apply");
            } else {
                out.println("# not written: disktune init --write installs it as " + result.path());
            }
        });
        return ExitCode.OK.code();
    }
}
