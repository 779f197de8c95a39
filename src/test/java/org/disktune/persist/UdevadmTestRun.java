package org.disktune.persist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.disktune.host.ToolRun;

/**
 * Runs the real {@code udevadm test --action=add SYSFS_PATH} of this machine (systemd-udevd 252) with one rules
 * file as the only file of /etc/udev/rules.d, in a private mount namespace (src/test/scripts/
 * udevadm-test-private-rules.sh: {@code unshare --mount --propagation private} and a bind mount of a temporary
 * directory), so the machine's /etc is never touched; the packaged rules of /usr/lib/udev/rules.d
 * (60-persistent-storage.rules ...) still run, as on a real system.
 *
 * <p>udevadm 252's {@code test} really writes the attributes: its output line
 * {@code NAME: FILE:LINE ATTR '/sys/.../queue/read_ahead_kb' writing '1024'} comes from the same code that
 * udevd runs for an event (udev-rules.c, TK_A_ATTR), and the sysfs file holds the value afterwards (checked on
 * a loop device: read_ahead_kb 2560 became 1024). It does NOT run RUN programs: it lists them as
 * {@code run: '/usr/sbin/disktune apply --device loop0'} with %k substituted ("This program is for debugging
 * only, it does not run any program specified by a RUN key"). It also records the device in /run/udev/data
 * and creates its /dev links, as udevd would. Needs root, unshare(1) and udevadm; without udevadm it fails
 * with the package to install.
 */
public final class UdevadmTestRun {
    /** One ATTR write udev made: the sysfs file and the value written. */
    public record Write(String attribute, String value) {
    }

    /** What udevadm test did: the ATTR writes in order, the RUN programs (not run), and the whole output. */
    public record Result(List<Write> writes, List<String> programs, String output) {
        public Result {
            writes = List.copyOf(writes);
            programs = List.copyOf(programs);
        }
    }

    private static final Pattern WRITE = Pattern.compile("^\\S+: (\\S+):\\d+ ATTR '([^']*)' writing '([^']*)'$");
    private static final Pattern RUN = Pattern.compile("^run: '(.*)'$");
    private static final Path SCRIPT = Path.of("src/test/scripts/udevadm-test-private-rules.sh").toAbsolutePath();

    private UdevadmTestRun() {
    }

    /** Runs {@code udevadm test --action=add sysfsPath} with {@code rulesFile} alone in /etc/udev/rules.d. */
    public static Result run(Path rulesFile, String sysfsPath) throws IOException {
        if (!Files.isExecutable(Path.of("/usr/bin/udevadm")) && !Files.isExecutable(Path.of("/bin/udevadm"))) {
            throw new IllegalStateException("udevadm is not installed; this test needs it: apt-get install udev");
        }
        Path dir = Files.createTempDirectory("disktune-udev-rules");
        Path out = Files.createTempFile("udevadm-test", ".out");
        try {
            Path copy = dir.resolve(rulesFile.getFileName());
            Files.copy(rulesFile, copy);
            ToolRun run = ToolRun.run(dir, null, out, List.of(SCRIPT.toString(), dir.toString(), "add", sysfsPath));
            String output = Files.readString(out, StandardCharsets.UTF_8) + run.stderr();
            if (run.exitCode() != 0) {
                throw new IllegalStateException("udevadm test " + sysfsPath + " failed (" + run.exitCode() + "): " + output);
            }
            List<Write> writes = new ArrayList<>();
            List<String> programs = new ArrayList<>();
            String rulesPath = "/etc/udev/rules.d/" + rulesFile.getFileName();
            for (String line : output.split("\n")) {
                Matcher w = WRITE.matcher(line);
                if (w.matches() && w.group(1).equals(rulesPath)) {
                    writes.add(new Write(w.group(2), w.group(3)));
                }
                Matcher r = RUN.matcher(line);
                if (r.matches()) {
                    programs.add(r.group(1));
                }
            }
            return new Result(writes, programs, output);
        } finally {
            Files.deleteIfExists(out);
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }
}
