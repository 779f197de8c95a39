package org.disktune.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;

import org.disktune.bench.BenchResult;
import org.disktune.bench.plot.SweepHeatMap;
import org.disktune.bench.plot.TrialPlot;
import org.disktune.bench.store.BenchStore;
import org.disktune.bench.sweep.SweepStore;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * disktune bench plot A [B] --out FILE.png: every trial, the medians and their intervals, as a PNG; or a stored tune
 * sweep as a heat map. Plotting stays one command with one set of --out rules and errors, whatever was stored.
 */
@Command(name = "plot", mixinStandardHelpOptions = true,
        description = {"Draw the stored benchmark result A, or A and B side by side, as a PNG: a panel per workload with every "
                + "trial as a point (in the order the trials ran), the median as a mark and its 95%% confidence interval as an "
                + "error bar. With B, each panel also says what disktune bench compare says of that workload (green better, red "
                + "worse, grey no detectable change) and the legend names the settings in which A and B differ.",
                "Several runs of the same settings on a side (A1,A2,A3 B1,B2) are drawn run by run; the side's mark is then the "
                + "geometric mean of the runs' medians with its 99%% interval, and the verdict accounts for the variation between "
                + "runs, as bench compare's does.",
                "When A is the id of a sweep stored by disktune tune (see disktune bench list), draw its table as a heat map "
                        + "instead: a panel per workload, scheduler by read_ahead_kb, each cell coloured and labelled by its ratio "
                        + "to the current settings (* when the 95%% interval excludes 1), the winner outlined.",
                "Exit 0, 2 for a bad result file or an --out that exists, 4 when FILE.png cannot be written."})
final class BenchPlotCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "A", split = ",", description = "A stored result: its id (disktune bench list) or the path of "
            + "its JSON file; several runs of the same settings separated by commas (A1,A2,A3); or the id of a stored tune sweep.")
    private List<String> a;

    @Parameters(index = "1", arity = "0..1", paramLabel = "B", split = ",", description = "A second result (or several runs, "
            + "separated by commas), drawn beside A in another colour, with bench compare's verdict per workload.")
    private List<String> b;

    @Option(names = "--out", required = true, paramLabel = "FILE.png", description = "The PNG to write.")
    private String out;

    @Option(names = "--force", description = "Replace FILE.png when it exists.")
    private boolean force;

    BenchPlotCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        Path target = Path.of(out);
        if (Files.exists(target) && !force) {
            throw DisktuneException.usage(out + " exists; give another --out or add --force to replace it");
        }
        if (Files.isDirectory(target)) {
            throw DisktuneException.usage(out + " is a directory; give --out a file name such as bench.png");
        }
        SweepStore sweeps = new SweepStore(session.host());
        if (a.size() == 1 && sweeps.contains(a.get(0))) {
            if (b != null) {
                throw DisktuneException.usage(a.get(0) + " is a tune sweep; plot it alone (disktune bench plot " + a.get(0) + " --out FILE.png)");
            }
            SweepHeatMap map = SweepHeatMap.of(sweeps.load(a.get(0)));
            write(target, map::writePng);
            session.out().println("wrote " + out + " (" + map.width() + "x" + map.height() + ", heat map of " + map.charts().size()
                    + " workloads)");
            return ExitCode.OK.code();
        }
        BenchStore store = new BenchStore(session.host());
        List<BenchResult> first = load(store, a, sweeps);
        TrialPlot plot = TrialPlot.of(first, b == null ? List.of() : load(store, b, sweeps));
        write(target, plot::writePng);
        session.out().println("wrote " + out + " (" + plot.width() + "x" + plot.height() + ", " + plot.charts().size() + " workloads)");
        return ExitCode.OK.code();
    }

    private List<BenchResult> load(BenchStore store, List<String> ids, SweepStore sweeps) {
        for (String id : ids) {
            if (sweeps.contains(id)) {
                throw DisktuneException.usage(id + " is a tune sweep; plot it alone (disktune bench plot " + id + " --out FILE.png)");
            }
        }
        return ids.stream().map(id -> BenchCompareCommand.load(store, id, session)).toList();
    }

    private interface Png {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes the PNG to --out (a new file unless --force), with the one-line errors of a place that cannot take it. */
    private void write(Path target, Png plot) {
        StandardOpenOption create = force ? StandardOpenOption.CREATE : StandardOpenOption.CREATE_NEW;
        try (OutputStream png = Files.newOutputStream(target, create, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            plot.writeTo(png);
        } catch (FileAlreadyExistsException e) {
            throw DisktuneException.usage(out + " exists; give another --out or add --force to replace it");
        } catch (NoSuchFileException e) {
            throw DisktuneException.environment("cannot write " + out + " (no such directory); create its directory first");
        } catch (IOException e) {
            throw DisktuneException.environment("cannot write " + out + " (" + e.getMessage() + "); give --out a writable place");
        }
    }
}
