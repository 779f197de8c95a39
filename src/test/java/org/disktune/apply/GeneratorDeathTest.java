package org.disktune.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.host.Host;
import org.disktune.host.HostLock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15: a program disktune runs dies with it. A child JVM applies a plan whose RunProgram is a
 * {@link FakeGenerator} (two processes, writing /boot slowly) through the real ProcessCommandRunner; the test
 * SIGKILLs the JVM while the generator writes, then finds no process of the generator left and the lock free.
 */
class GeneratorDeathTest {
    @TempDir
    Path temp;

    @SuppressWarnings("try") // the lock is taken to show it is free
    @Test
    @Tag("root")
    void killingDisktuneDuringTheGeneratorKillsTheGeneratorTreeAndFreesTheLock() throws Exception {
        Path root = Files.createDirectories(temp.resolve("root"));
        CrashChild.setUpGenerator(root);
        FakeGenerator generator = FakeGenerator.write(temp, root, 500);
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                CrashChild.class.getName(), "generate", root.toString(), generator.script.toString(), generator.marker)
                .redirectError(temp.resolve("child.log").toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
            assertEquals("started", out.readLine());
            Path partial = root.resolve(FakeGenerator.IMAGE.substring(1) + ".new");
            long deadline = System.currentTimeMillis() + 30_000;
            while (!(Files.exists(partial) && Files.size(partial) > 0) && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(Files.exists(partial), "the generator started writing: " + Files.readString(temp.resolve("child.log")));
            List<Long> running = generator.survivors().stream().filter(p -> p != child.pid()).toList();
            assertTrue(running.size() >= 2, "both processes of the generator run (and their wrapper): " + running);

            child.destroyForcibly();
            child.waitFor();

            assertEquals(List.of(), generator.survivorsAfter(2_000), "no process of the generator outlives disktune");
            long size = Files.size(partial);
            Thread.sleep(200);
            assertEquals(size, Files.size(partial), "nothing writes the image any more");
            Host host = CrashChild.host(root);
            long started = System.nanoTime();
            try (HostLock lock = HostLock.acquire(host)) {
                assertTrue(System.nanoTime() - started < 5_000_000_000L, "the lock is free at once");
            }
        } finally {
            child.destroyForcibly();
            generator.killSurvivors();
        }
    }
}
