package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's sample commands typed into a terminal as a person would (tmux, 200x50, bash with
 * `disktune` on PATH as a symlink to the built target/disktune), checking what the screen shows: the
 * command runs as `disktune`; the NCQ column of detect says what kernel-log says on every sample; errors
 * quote paths as typed; help follows the convention (bare: short usage, exit 2; --help: exit 0; unknown
 * command: one line, exit 2). An integration test (after package): `mvn -B verify` runs it.
 */
class TerminalWalkthroughIT {
    private static final Pattern PROMPT = Pattern.compile("^\\[(\\d+)\\]\\$ ?(.*)$");
    private static final long STEP_TIMEOUT_MS = 120_000;

    @TempDir
    Path dir;


    /** What a step showed: the exit code (from the prompt) and the lines between the command and the next prompt. */
    record Screen(int exitCode, String text) {
    }

    @BeforeEach
    void startTerminal() throws IOException, InterruptedException {
        Path launcher = Path.of("target/disktune").toAbsolutePath();
        if (!Files.isExecutable(launcher)) {
            fail(launcher + " is missing: this test runs after mvn package");
        }
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("disktune"), launcher);
        // the shell's environment set by env(1): PATH with disktune first, a prompt that shows the last exit code
        tmux("new-session", "-d", "-s", "walk", "-x", "200", "-y", "50", "-c", dir.toString(),
                "env", "PATH=" + bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "PS1=[$?]$ ", "TERM=xterm-256color",
                "bash", "--norc", "--noprofile", "-i");
        waitFor(() -> capture().lines().anyMatch(l -> PROMPT.matcher(l).matches()), "the shell's first prompt");
    }

    @AfterEach
    void stopTerminal() throws IOException, InterruptedException {
        tmux("kill-server");
    }

    @Test
    void theReadmesSampleCommandsAsAPersonTypesThem() throws Exception {
        Screen version = type("disktune --version");
        assertEquals(0, version.exitCode(), version.text());
        assertTrue(version.text().strip().matches("disktune \\S+( \\(git [0-9a-f]{4,}\\))?"), version.text());

        Screen bare = type("disktune");
        assertEquals(2, bare.exitCode(), bare.text());
        assertTrue(bare.text().startsWith("Usage: disktune") && bare.text().contains("Full help: disktune --help"), bare.text());
        Screen group = type("disktune modprobe");
        assertEquals(2, group.exitCode(), group.text());
        assertTrue(group.text().startsWith("Usage: disktune modprobe"), group.text());
        Screen help = type("disktune modprobe --help");
        assertEquals(0, help.exitCode(), help.text());
        assertTrue(help.text().startsWith("Usage: disktune modprobe") && help.text().contains("-h, --help"), help.text());
        Screen unknown = type("disktune frobnicate --help");
        assertEquals(2, unknown.exitCode(), unknown.text());
        assertTrue(unknown.text().strip().startsWith("disktune: unknown command 'frobnicate'") && unknown.text().strip().lines().count() == 1,
                unknown.text());

        Screen missing = type("disktune initramfs list /nonexistent");
        assertEquals(2, missing.exitCode(), missing.text());
        assertEquals("disktune: /nonexistent: no such image file; give the path of an initramfs image", missing.text().strip());
        Screen relative = type("disktune kernel-log ./no-such.log");
        assertEquals("disktune: kernel log ./no-such.log does not exist; give a saved dmesg, journalctl or syslog file", relative.text().strip());

        Screen list = type("disktune --sample");
        assertEquals(0, list.exitCode(), list.text());
        List<String> samples = list.text().lines().skip(1).map(l -> l.split("\\s+")[0]).filter(n -> n.matches("[a-z0-9-]+")).toList();
        assertTrue(samples.size() >= 9, list.text());
        int compared = 0;
        for (String sample : samples) {
            Screen detect = type("disktune --sample " + sample + " detect");
            Screen log = type("disktune --sample " + sample + " kernel-log");
            assertEquals(0, detect.exitCode(), detect.text());
            assertEquals(0, log.exitCode(), log.text());
            int n = ncqAgrees(sample, detect.text(), log.text());
            System.out.println("TerminalWalkthroughIT: " + sample + ": NCQ of " + n + " ATA device(s) compared with kernel-log");
            compared += n;
        }
        assertTrue(compared >= 19, "ATA devices compared: " + compared);
    }

    /** Each ATA device of kernel-log, found in detect's disk table by name (or by model on old kernels), says the same NCQ. */
    private static int ncqAgrees(String sample, String detect, String log) {
        List<Map<String, String>> disks = table(detect, "DISK ", "NCQ");
        List<Map<String, String>> devices = table(log, "ATA ", "NCQ");
        int n = 0;
        for (Map<String, String> device : devices) {
            String disk = device.get("DISK");
            List<Map<String, String>> same = disks.stream().filter(d -> disk.equals("-")
                    ? !d.get("MODEL").equals("-") && device.get("MODEL").startsWith(d.get("MODEL")) : d.get("DISK").equals(disk)).toList();
            assertTrue(!same.isEmpty(), sample + ": kernel-log's " + device + " is in no row of detect:\n" + detect);
            boolean checked = false;
            for (Map<String, String> d : same) {
                // never '-' next to a kernel log that knows: detect maps the disk through its SCSI host (kernels
                // without /sys/class/ata_*), or says it cannot ("unknown (no ata sysfs)": a gap, printed)
                assertTrue(!d.get("NCQ").equals("-"), sample + ": detect shows NCQ '-' for " + d.get("DISK") + ", kernel-log '"
                        + device.get("NCQ") + "' for " + device.get("ATA"));
                if (disk.equals("-") && d.get("NCQ").equals("unknown (no ata sysfs)")) {
                    System.out.println("TerminalWalkthroughIT: " + sample + ": " + device.get("ATA") + " (" + device.get("NCQ")
                            + " in kernel-log) is not mapped to a disk; detect says unknown for " + d.get("DISK"));
                    continue;
                }
                checked = true;
                assertTrue(agree(d.get("NCQ"), device.get("NCQ")), sample + ": detect says NCQ '" + d.get("NCQ") + "' for " + d.get("DISK")
                        + ", kernel-log '" + device.get("NCQ") + "' for " + device.get("ATA"));
            }
            n += checked ? 1 : 0;
        }
        return n;
    }

    static boolean agree(String detect, String kernel) {
        Matcher depth = Pattern.compile("depth (\\d+)(/\\d+)?").matcher(kernel);
        if (depth.matches()) {
            return detect.equals("on, depth " + depth.group(1));
        }
        if (kernel.equals("not used") || kernel.startsWith("off")) {
            return detect.startsWith("off");
        }
        if (kernel.equals("no")) {
            return detect.equals("no");
        }
        throw new AssertionError("kernel-log NCQ '" + kernel + "' is not one this test knows");
    }

    /** The rows of the first table whose header starts with start and has column must, split at the header's column starts. */
    static List<Map<String, String>> table(String text, String start, String must) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String header = lines.get(i);
            if (!header.startsWith(start) || !(" " + header + " ").contains(" " + must + " ")) {
                continue;
            }
            List<Integer> starts = new ArrayList<>();
            List<String> names = new ArrayList<>();
            Matcher m = Pattern.compile("\\S+").matcher(header);
            while (m.find()) {
                starts.add(m.start());
                names.add(m.group());
            }
            List<Map<String, String>> rows = new ArrayList<>();
            for (int j = i + 1; j < lines.size() && !lines.get(j).isBlank(); j++) {
                String row = lines.get(j);
                Map<String, String> cells = new LinkedHashMap<>();
                for (int c = 0; c < names.size(); c++) {
                    int from = Math.min(starts.get(c), row.length());
                    int to = c + 1 < names.size() ? Math.min(starts.get(c + 1), row.length()) : row.length();
                    cells.put(names.get(c), row.substring(from, to).strip());
                }
                rows.add(cells);
            }
            return rows;
        }
        return List.of();
    }

    /** Types line and Enter the way a person does, waits for the next prompt, and returns what the screen showed. */
    private Screen type(String line) throws IOException, InterruptedException {
        tmux("clear-history", "-t", "walk");
        tmux("send-keys", "-t", "walk", "-l", line);
        tmux("send-keys", "-t", "walk", "Enter");
        Screen[] shown = new Screen[1];
        waitFor(() -> (shown[0] = after(capture(), line)) != null, "'" + line + "' to finish");
        return shown[0];
    }

    /** The output after the last prompt that shows line, up to the empty prompt after it; null while it runs. */
    private static Screen after(String screen, String line) {
        List<String> lines = screen.lines().toList();
        int typed = -1;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = PROMPT.matcher(lines.get(i));
            if (m.matches() && m.group(2).equals(line)) {
                typed = i;
            }
        }
        for (int end = typed + 1; typed >= 0 && end < lines.size(); end++) {
            Matcher next = PROMPT.matcher(lines.get(end));
            if (next.matches() && next.group(2).isEmpty()) {
                return new Screen(Integer.parseInt(next.group(1)), String.join("\n", lines.subList(typed + 1, end)) + "\n");
            }
        }
        return null;
    }

    private String capture() {
        try {
            return tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "walk");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    private void waitFor(Condition condition, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + STEP_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline) {
            try {
                if (condition.holds()) {
                    return;
                }
            } catch (Exception e) {
                // the pane is being redrawn; look again
            }
            Thread.sleep(100);
        }
        fail("waited " + STEP_TIMEOUT_MS / 1000 + " s for " + what + "; the screen:\n" + capture());
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        // a server of its own on a socket in the test's directory: nothing of it outlives the test
        List<String> command = new ArrayList<>(List.of("tmux", "-S", dir.resolve("tmux.sock").toString()));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("tmux is missing (apt-get install tmux): " + e.getMessage(), e);
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = p.waitFor();
        if (code != 0 && !args[0].equals("kill-server")) {
            throw new AssertionError("tmux " + String.join(" ", args) + " exited " + code + ": " + out);
        }
        return out;
    }
}
