package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.disktune.config.ConfigParser;
import org.disktune.config.ParsedConfig;
import org.disktune.config.SettingValue;
import org.disktune.host.LoopDevice;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated rules run by this machine's real udev ({@code udevadm test}, systemd 252) on a new loop device:
 * the ATTR assignments are applied to that device (sysfs holds the values afterwards) and the hdparm RUN is
 * queued with the device's name; a rule for another device does nothing. Needs root; never touches /etc.
 */
@Tag("loop")
class UdevadmTest {
    @TempDir
    Path tmp;

    @Test
    void generatedRulesSetTheAttributesOfANewLoopDevice() throws IOException {
        try (LoopDevice loop = LoopDevice.attach(tmp, 16)) {
            String name = loop.name();
            String readAhead = loop.queue("read_ahead_kb").equals("1024") ? "2048" : "1024";
            String classReadAhead = loop.queue("read_ahead_kb").equals("256") ? "512" : "256";
            String nrRequests = loop.queue("nr_requests").equals("32") ? "64" : "32";
            String conf = "[disk scratch]\n"
                    + "match.transport = loop\n"
                    + "read_ahead_kb = " + classReadAhead + "\n"
                    + "nr_requests = " + nrRequests + "\n"
                    + "\n"
                    + "[disk this-one]\n"
                    + "match.name = " + name + "\n"
                    + "match.name.force = yes\n"
                    + "read_ahead_kb = " + readAhead + "\n"
                    + "write_cache = off\n"
                    + "\n"
                    + "[disk another]\n"
                    + "match.serial = NO-SUCH-SERIAL-1\n"
                    + "read_ahead_kb = 4\n";
            ParsedConfig parsed = new ConfigParser().parse(conf.getBytes(StandardCharsets.UTF_8), "/etc/disktune/disktune.conf");
            assertEquals(List.of(), parsed.errors());
            GeneratedRules rules = new UdevRulesGenerator().generate(parsed.state(), SettingValue::value);
            assertEquals(List.of(), rules.errors());
            Path file = tmp.resolve("90-disktune.rules");
            Files.writeString(file, rules.text().orElseThrow());

            UdevadmTestRun.Result result = UdevadmTestRun.run(file, "/sys/block/" + name);

            String queue = "/sys/devices/virtual/block/" + name + "/queue/";
            // the kernel-name rule first, then the class rule (match.transport ranks above match.name, as in the
            // planner) overrides read_ahead_kb; the serial rule does not match this device
            assertEquals(List.of(new UdevadmTestRun.Write(queue + "read_ahead_kb", readAhead),
                    new UdevadmTestRun.Write(queue + "read_ahead_kb", classReadAhead), new UdevadmTestRun.Write(queue + "nr_requests", nrRequests)),
                    result.writes(), result.output());
            assertEquals(classReadAhead, loop.queue("read_ahead_kb"), "udevadm test writes the attribute");
            assertEquals(nrRequests, loop.queue("nr_requests"));
            assertTrue(result.programs().contains("/usr/bin/systemd-run --no-block --collect --quiet /usr/sbin/disktune apply --device "
                    + name), result.output());
        }
    }
}
