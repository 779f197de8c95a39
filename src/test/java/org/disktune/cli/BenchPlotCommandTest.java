package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.disktune.bench.BenchResult;
import org.disktune.bench.Profile;
import org.disktune.bench.Trial;
import org.disktune.bench.Unit;
import org.disktune.bench.WorkloadResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** disktune bench plot A [B] --out FILE.png on result files: the PNG, and one-line refusals. */
class BenchPlotCommandTest {
    @TempDir
    Path temp;

    private Path resultFile(String id, int workloads) throws IOException {
        List<WorkloadResult> list = new ArrayList<>();
        for (int w = 0; w < workloads; w++) {
            List<Trial> trials = List.of(new Trial(100 + w, null, 1_000_000, 1, 0.01), new Trial(110 + w, null, 1_000_000, 1, 0.01),
                    new Trial(105 + w, null, 1_000_000, 1, 0.01));
            list.add(new WorkloadResult("w" + w, Unit.MB_S, trials, 105 + w, null));
        }
        BenchResult r = new BenchResult(1, id, "/srv", null, null, "6.18", "boot", "2025-01-01T00:00:00Z", Profile.QUICK,
                Map.of(), list);
        org.disktune.host.Host host = new org.disktune.host.RootedHost(temp, new org.disktune.host.RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, java.time.Clock.systemUTC(), true);
        String saved = new org.disktune.bench.store.BenchStore(host).save(r);
        return host.path("/var/lib/disktune/bench/" + saved + ".json");
    }

    @Test
    void twoResultsBecomeOnePngOfTheirWorkloads() throws IOException {
        Path a = resultFile("a", 2);
        Path b = resultFile("b", 2);
        Path png = temp.resolve("ab.png");
        CliRun run = CliRun.run("bench", "plot", a.toString(), b.toString(), "--out", png.toString());
        assertEquals(0, run.exitCode(), run.err());
        int width = 2 * TrialPlotSize.ONE_PANEL;
        int height = org.disktune.bench.plot.TrialPlot.PANEL_HEIGHT;
        assertEquals("wrote " + png + " (" + width + "x" + height + ", 2 workloads)\n", run.out());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(width, image.getWidth());
        assertEquals(height, image.getHeight());
        assertTrue(Files.readString(a).contains("\"schema_version\""), "snake_case like every JSON of disktune");
    }

    @Test
    void anExistingOutIsKeptUnlessForced() throws IOException {
        Path a = resultFile("a", 1);
        Path png = Files.writeString(temp.resolve("old.png"), "keep me");
        CliRun run = CliRun.run("bench", "plot", a.toString(), "--out", png.toString());
        assertEquals(2, run.exitCode());
        assertEquals("disktune: " + png + " exists; give another --out or add --force to replace it\n", run.err());
        assertEquals("keep me", Files.readString(png));

        CliRun forced = CliRun.run("bench", "plot", a.toString(), "--out", png.toString(), "--force");
        assertEquals(0, forced.exitCode(), forced.err());
        assertEquals(TrialPlotSize.ONE_PANEL, ImageIO.read(png.toFile()).getWidth());
    }

    @Test
    void badResultFilesAndAMissingOutAreOneLineErrors() throws IOException {
        Path png = temp.resolve("x.png");
        CliRun missing = CliRun.run("bench", "plot", temp.resolve("nope.json").toString(), "--out", png.toString());
        assertEquals(2, missing.exitCode());
        assertEquals(1, missing.err().lines().count(), missing.err());
        assertTrue(missing.err().startsWith("disktune: no benchmark result file " + temp.resolve("nope.json")), missing.err());

        Path garbage = Files.writeString(temp.resolve("garbage.json"), "{\"id\": [1,\n2");
        CliRun bad = CliRun.run("bench", "plot", garbage.toString(), "--out", png.toString());
        assertEquals(2, bad.exitCode());
        assertEquals(1, bad.err().lines().count(), bad.err());
        assertTrue(bad.err().startsWith("disktune: ") && bad.err().contains("garbage.json"), bad.err());

        CliRun noOut = CliRun.run("bench", "plot", resultFile("a", 1).toString());
        assertEquals(2, noOut.exitCode());
        assertTrue(noOut.err().contains("--out"), noOut.err());

        CliRun noDir = CliRun.run("bench", "plot", resultFile("c", 1).toString(), "--out", temp.resolve("no/such/dir.png").toString());
        assertEquals(4, noDir.exitCode());
        assertEquals("disktune: cannot write " + temp.resolve("no/such/dir.png") + " (no such directory); create its directory first\n", noDir.err());
        assertFalse(Files.exists(png));
    }

    @Test
    void aStoredSweepIsDrawnAsAHeatMapAndListed() throws IOException {
        Path root = Files.createDirectories(temp.resolve("root/etc")).getParent(); // --root wants a Linux tree
        org.disktune.host.Host host = new org.disktune.host.RootedHost(root, new org.disktune.host.RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, java.time.Clock.systemUTC(), true);
        String id = new org.disktune.bench.sweep.SweepStore(host).save(org.disktune.bench.sweep.SweepStoreTestReports.report()).id();
        Path png = temp.resolve("heat.png");

        CliRun run = CliRun.run("--root", root.toString(), "bench", "plot", id, "--out", png.toString());
        assertEquals(0, run.exitCode(), run.err());
        int width = 2 * org.disktune.bench.plot.SweepHeatMap.PANEL_WIDTH;
        int height = org.disktune.bench.plot.SweepHeatMap.PANEL_HEIGHT;
        assertEquals("wrote " + png + " (" + width + "x" + height + ", heat map of 2 workloads)\n", run.out());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(width, image.getWidth());
        assertEquals(height, image.getHeight());

        CliRun list = CliRun.run("--root", root.toString(), "bench", "list");
        assertEquals(0, list.exitCode(), list.err());
        assertTrue(list.out().contains("tune sweeps") && list.out().contains(id), list.out());
        CliRun json = CliRun.run("--root", root.toString(), "--json", "bench", "list");
        assertEquals(id, new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out()).get("sweeps").get(0).get("id").asText(),
                json.out());

        CliRun two = CliRun.run("--root", root.toString(), "bench", "plot", id, id, "--out", temp.resolve("two.png").toString());
        assertEquals(2, two.exitCode());
        assertEquals("disktune: " + id + " is a tune sweep; plot it alone (disktune bench plot " + id + " --out FILE.png)\n", two.err());
    }

    @Test
    void aBadSweepIdOrAnUnwritableOutAreTheOneLineErrorsOfPlot() throws IOException {
        Path root = Files.createDirectories(temp.resolve("root/etc")).getParent(); // --root wants a Linux tree
        org.disktune.host.Host host = new org.disktune.host.RootedHost(root, new org.disktune.host.RefusingCommandRunner("test"), () -> {
            throw new IllegalStateException("no kernel log");
        }, java.time.Clock.systemUTC(), true);
        String id = new org.disktune.bench.sweep.SweepStore(host).save(org.disktune.bench.sweep.SweepStoreTestReports.report()).id();

        CliRun bad = CliRun.run("--root", root.toString(), "bench", "plot", "20990101T000000Z-sdz", "--out", temp.resolve("x.png").toString());
        assertEquals(2, bad.exitCode());
        assertEquals("disktune: no benchmark result 20990101T000000Z-sdz in /var/lib/disktune/bench; see disktune bench list for the ids, "
                + "or give the path of a result's JSON file\n", bad.err());

        Path noDir = temp.resolve("no/such/dir.png");
        CliRun unwritable = CliRun.run("--root", root.toString(), "bench", "plot", id, "--out", noDir.toString());
        assertEquals(4, unwritable.exitCode());
        assertEquals("disktune: cannot write " + noDir + " (no such directory); create its directory first\n", unwritable.err());

        Path existing = Files.writeString(temp.resolve("keep.png"), "keep me");
        CliRun kept = CliRun.run("--root", root.toString(), "bench", "plot", id, "--out", existing.toString());
        assertEquals(2, kept.exitCode());
        assertEquals("disktune: " + existing + " exists; give another --out or add --force to replace it\n", kept.err());
        assertEquals("keep me", Files.readString(existing));
    }

    /** Pixels of the image within a small distance of a colour (antialiased edges blend, the insides of bars and text do not). */
    private static long pixelsNear(BufferedImage image, java.awt.Color colour) {
        long n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                java.awt.Color p = new java.awt.Color(image.getRGB(x, y));
                if (Math.abs(p.getRed() - colour.getRed()) + Math.abs(p.getGreen() - colour.getGreen())
                        + Math.abs(p.getBlue() - colour.getBlue()) <= 24) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void theKnownTruthRunsOfEachSideAreOnePlotWithItsVerdicts() throws IOException {
        Path capture = Path.of("src/test/resources/known-truth/piix-2026-12-06-40ms").toAbsolutePath();
        String base = java.util.stream.IntStream.rangeClosed(1, 10).mapToObj(i -> capture.resolve("base-" + i + ".json").toString())
                .collect(java.util.stream.Collectors.joining(","));
        String ra8 = capture.resolve("ra8-1.json") + "," + capture.resolve("ra8-2.json");
        Path png = temp.resolve("known-truth-ab.png");

        CliRun run = CliRun.run("bench", "plot", base, ra8, "--out", png.toString());
        assertEquals(0, run.exitCode(), run.err());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(2 * TrialPlotSize.ONE_PANEL, image.getWidth(), "two workloads, side by side");
        assertEquals(org.disktune.bench.plot.TrialPlot.PANEL_HEIGHT, image.getHeight());
        // A's bars are dark blue, B's dark orange; the lost readahead is claimed in red, the O_DIRECT reads in grey
        java.awt.Color blue = new java.awt.Color(0x1f77b4).darker();
        java.awt.Color orange = new java.awt.Color(0xff7f0e).darker();
        assertTrue(pixelsNear(image, blue) > 100, "A's bars are drawn in blue");
        assertTrue(pixelsNear(image, orange) > 100, "B's bars are drawn in orange");
        assertTrue(pixelsNear(image, new java.awt.Color(0xd62728)) > 50, "a verdict of worse is written in red");
        assertTrue(pixelsNear(image, new java.awt.Color(0x555555)) > 50, "no detectable change is written in grey");
        assertEquals(0, pixelsNear(image, new java.awt.Color(0x2ca02c)), "nothing got better, so nothing is green");
        assertFalse(run.err().contains("Exception"), run.err());
    }

    private static final class TrialPlotSize {
        static final int ONE_PANEL = org.disktune.bench.plot.TrialPlot.PANEL_WIDTH;
    }
}
