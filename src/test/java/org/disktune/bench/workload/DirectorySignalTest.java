package org.disktune.bench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT) and SIGTERM in the middle of a directory workload: a child JVM ({@link DirectoryCrashChild}) prepares
 * a workload in a directory, runs trials, and is signalled at a random moment of its second trial; afterwards the
 * directory is empty. The writing workloads are the ones that make files while the hook removes them: seq-write (a new
 * test file every trial) and small-files (hundreds of files a second). Started the way {@code CrashSafetyTest} starts
 * its children (this JVM, its class path); a few seconds in all.
 */
class DirectorySignalTest {
    @TempDir
    Path temp;

    @Test
    void sigintAndSigtermInTheMiddleOfAWorkloadLeaveNoFileBehind() throws Exception {
        Random random = new Random();
        for (String workload : List.of("seq-write", "small-files")) {
            for (String signal : List.of("INT", "TERM")) {
                Path directory = Files.createDirectories(temp.resolve(workload + "-" + signal));
                Path log = temp.resolve(workload + "-" + signal + ".log");
                Process child = start(workload, directory, log);
                try {
                    BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
                    assertEquals("ready", line(out, child, log));
                    assertEquals(1, names(directory).size(), "the workload's directory exists while it runs");
                    assertEquals("trial", line(out, child, log));
                    Thread.sleep(random.nextInt(150));
                    kill(signal, child.pid());
                    assertEquals(128 + (signal.equals("INT") ? 2 : 15), child.waitFor(), workload + " SIG" + signal + ": " + Files.readString(log));
                } finally {
                    child.destroyForcibly();
                    child.waitFor();
                }
                assertEquals(List.of(), names(directory), workload + " SIG" + signal + " left files behind; child said: " + Files.readString(log));
                // the workload's thread may fail ("the benchmark was stopped") while the hook works; the hook itself says nothing
                assertFalse(Files.readString(log).contains("could not remove"), Files.readString(log));
            }
        }
    }

    private static Process start(String workload, Path directory, Path log) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                DirectoryCrashChild.class.getName(), workload, directory.toString()).redirectError(log.toFile()).start();
    }

    private static String line(BufferedReader out, Process child, Path log) throws IOException, InterruptedException {
        String line = out.readLine();
        if (line == null) {
            throw new AssertionError("child exited " + child.waitFor() + ": " + Files.readString(log));
        }
        return line;
    }

    private static void kill(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> list = Files.list(directory)) {
            return list.map(p -> p.getFileName().toString()).toList();
        }
    }
}
