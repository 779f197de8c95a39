package org.disktune.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;

import org.disktune.bench.BenchResult;
import org.disktune.bench.plot.TrialPlot;
import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** disktune bench plot A [B] --out FILE.png: every trial, the medians and their intervals, as a PNG. */
@Command(name = "plot", mixinStandardHelpOptions = true,
        description = {"Draw the stored benchmark result A, or A and B side by side, as a PNG: a panel per workload with every "
                + "trial as a point (in the order the trials ran), the median as a mark and its 95%% confidence interval as an "
                + "error bar.",
                "Exit 0, 2 for a bad result file or an --out that exists, 4 when FILE.png cannot be written."})
final class BenchPlotCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "A", description = "A stored result: its id (disktune bench list) or the path of its JSON file.")
    private String a;

    @Parameters(index = "1", arity = "0..1", paramLabel = "B", description = "A second result, drawn beside A in another colour.")
    private String b;

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
        org.disktune.bench.store.BenchStore store = new org.disktune.bench.store.BenchStore(session.host());
        BenchResult first = BenchCompareCommand.load(store, a, session);
        TrialPlot plot = b == null ? TrialPlot.of(first) : TrialPlot.of(first, BenchCompareCommand.load(store, b, session));
        StandardOpenOption create = force ? StandardOpenOption.CREATE : StandardOpenOption.CREATE_NEW;
        try (OutputStream png = Files.newOutputStream(target, create, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            plot.writePng(png);
        } catch (FileAlreadyExistsException e) {
            throw DisktuneException.usage(out + " exists; give another --out or add --force to replace it");
        } catch (NoSuchFileException e) {
            throw DisktuneException.environment("cannot write " + out + " (no such directory); create its directory first");
        } catch (IOException e) {
            throw DisktuneException.environment("cannot write " + out + " (" + e.getMessage() + "); give --out a writable place");
        }
        session.out().println("wrote " + out + " (" + plot.width() + "x" + plot.height() + ", " + plot.charts().size() + " workloads)");
        return ExitCode.OK.code();
    }
}
