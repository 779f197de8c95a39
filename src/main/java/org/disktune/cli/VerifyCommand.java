package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.ExitCode;
import org.disktune.modprobe.DriverCatalog;
import org.disktune.verify.PrometheusFile;
import org.disktune.verify.VerifyReport;
import org.disktune.verify.VerifyService;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * disktune verify: is the machine in the state disktune wrote? Its model is built with picocli's programmatic API, as
 * the root's ({@link DisktuneCommand}): {@code verify} is what provisioning runs and timers call most, and reading a
 * class's annotations costs every start the JDK's annotation parser and a generated proxy class per annotation type
 * (five for this command and its help mixin), which no class-data archive holds. The options and texts are those
 * picocli made of the annotations before, help and man page included.
 */
final class VerifyCommand implements Callable<Integer>, SpecifiedCommand {
    private final Session session;
    private final CommandSpec spec;

    VerifyCommand(Session session) {
        this.session = session;
        spec = CommandSpec.wrapWithoutInspection(this).name("verify");
        spec.usageMessage().description("Compare the desired state with the live machine: every setting of /etc/disktune/disktune.conf (or "
                + "--config FILE) on each disk, array and mount it names (with the stable ID, the wanted and the found value, "
                + "and the fix); the files that make them last (an rc.local holding disktune's hdparm block that is not executable is "
                + "drift, as boot skips it; unknown when its mode cannot be read); the module options disktune wrote (recorded in its journal with the boot ID): module "
                + "parameters in /sys/module, the NCQ outcome they promise in the kernel log and in queue_depth, and disktune's "
                + "files inside every initramfs image; the kernel command line parameters it wrote to the boot loader (pending until "
                + "the next boot, then /proc/cmdline and /sys/module; drift when the boot loader file lost one or the kernel log lists "
                + "its words as unknown parameters); a change a crash interrupted, and a /boot/initrd.img-*.dpkg-bak an "
                + "interrupted update-initramfs left. One line per check (ok, drift, pending, unknown, absent), then a summary. "
                + "Exit 0 all ok, 1 drift (or absent with --strict), 3 reboot pending.");
        spec.addOption(booleanOption("-q", "--quiet").description("Print nothing when every check is ok.").build());
        spec.addOption(booleanOption("--strict")
                .description("A disk, array or mount the configuration names but this machine lacks is drift (exit 1).").build());
        spec.addOption(booleanOption("--bench").description("Also measure again every disk and directory apply --bench measured before the "
                + "change (found by stable ID), in as many separate runs, and report per workload a gain, a loss or no detectable "
                + "change, with the rules of bench compare for several runs per side (drift between runs is in the 99%% interval; "
                + "a baseline of one run, from an earlier release, cannot tell); a significant loss is exit 1.").build());
        spec.addOption(OptionSpec.builder("--prometheus").type(String.class).paramLabel("FILE").description("Also write the result in "
                + "the Prometheus text format to FILE (a file of this machine), replaced atomically, for node_exporter's textfile "
                + "collector: one disktune_check_ok sample per check, the counts per status, the exit code and "
                + "disktune_verify_timestamp_seconds. Nothing is written when FILE's directory does not exist (node_exporter not "
                + "installed).").build());
        // what mixinStandardHelpOptions adds to the annotated commands, after their own options
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).description("Print version information and exit.").build());
    }

    private static OptionSpec.Builder booleanOption(String... names) {
        return OptionSpec.builder(names).type(boolean.class).initialValue(false);
    }

    @Override
    public CommandSpec spec() {
        return spec;
    }

    private boolean flag(String option) {
        return Boolean.TRUE.equals(spec.findOption(option).getValue());
    }

    @Override
    public Integer call() {
        boolean quiet = flag("--quiet");
        boolean strict = flag("--strict");
        boolean bench = flag("--bench");
        String prometheus = spec.findOption("--prometheus").getValue();
        VerifyReport report = new VerifyService(session.host(), DriverCatalog.load(), session.configLocation(), strict).verify();
        ExitCode code = report.exitCode();
        if (prometheus != null) {
            java.nio.file.Path file = session.localFile(prometheus);
            String text = PrometheusFile.text(report, java.time.Instant.now(session.host().clock()));
            if (!PrometheusFile.write(file, text) && !quiet) {
                session.err().println("disktune: --prometheus " + prometheus + ": no directory "
                        + java.util.Objects.requireNonNullElse(java.nio.file.Path.of(prometheus).getParent(), java.nio.file.Path.of("."))
                        + " (the textfile collector's directory of node_exporter); metrics not written");
                session.err().flush();
            }
        }
        if (!bench) {
            if (!(quiet && code == ExitCode.OK)) {
                session.output().render("verify", report, out -> new VerifyRenderer().print(report, out));
            }
            return code.code();
        }
        java.util.List<org.disktune.bench.run.BeforeAfter.After> afters = new org.disktune.bench.run.BeforeAfter(session.host()).again();
        boolean regression = afters.stream().anyMatch(a -> a.comparison() != null && a.comparison().regression());
        ExitCode overall = code == ExitCode.DRIFT || regression ? ExitCode.DRIFT : code;
        if (!(quiet && overall == ExitCode.OK)) {
            session.output().render("verify", new BenchVerifyView(report, afters.stream().map(BenchAfterView::of).toList()), out -> {
                new VerifyRenderer().print(report, out);
                if (afters.isEmpty()) {
                    out.println("bench: no baseline; measure one with disktune apply --bench TARGET before a change");
                }
                for (org.disktune.bench.run.BeforeAfter.After a : afters) {
                    if (a.skipped() != null) {
                        out.println("bench " + a.key() + ": " + a.skipped());
                        continue;
                    }
                    out.println("bench " + a.key() + ": " + String.join(",", a.baselineIds()) + " -> "
                            + String.join(",", a.results().stream().map(r -> r.id()).toList()));
                    a.comparison().verdicts().forEach(v -> out.println("  " + v.text()));
                    a.comparison().notes().forEach(n -> out.println("  note: " + n));
                }
                if (regression) {
                    out.println("bench: a workload got significantly worse (exit 1)");
                }
            });
        }
        return overall.code();
    }
}
