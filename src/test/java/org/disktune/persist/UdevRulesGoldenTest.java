package org.disktune.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

import org.disktune.config.ConfigParser;
import org.disktune.config.DesiredState;
import org.disktune.config.ParsedConfig;
import org.disktune.config.Setting;
import org.disktune.config.SettingMechanism;
import org.disktune.config.SettingValue;
import org.disktune.detect.MachineDetector;
import org.disktune.detect.MachineReport;
import org.disktune.host.FileKernelLog;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;
import org.disktune.host.SampleMachines;
import org.disktune.testing.TestMachine;
import org.disktune.tuning.DesiredStatePlanner;
import org.disktune.tuning.EffectiveSetting;
import org.disktune.tuning.PersistencePlanner;
import org.disktune.tuning.TuningPlan;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden udev rules for a hand-written configuration of every seed sample (and qemu-ahci), each matching the
 * machine's disks by their real by-id names, WWNs, serials and models. The configuration goes through the real
 * parser and planner; {@code wanted} is what the planner would write on that kernel for a section that matched
 * a disk, else the canonical value. Regenerate with {@code -Ddisktune.golden.update=true}.
 */
class UdevRulesGoldenTest {
    private static final Path DIR = Path.of("src/test/resources/persist/udev");
    private static final String SOURCE = "/etc/disktune/disktune.conf";

    static Stream<String> samples() {
        return new SampleMachines().list().stream().map(SampleMachines.Sample::name).filter(n -> n.startsWith("seed-") || n.equals("qemu-ahci"));
    }

    @ParameterizedTest
    @MethodSource("samples")
    void generatedRulesMatchTheGoldenFileAndParseBack(String sample) throws IOException {
        ParsedConfig parsed = new ConfigParser().parse(Files.readAllBytes(DIR.resolve(sample + ".conf")), SOURCE);
        assertEquals(List.of(), parsed.errors());
        DesiredState state = parsed.state();
        MachineReport machine = detect(sample);
        TuningPlan plan = new DesiredStatePlanner().plan(state, machine);
        assertEquals(List.of(), plan.errors(), "the configuration must be valid on the sample");

        UdevTarget target = PersistencePlanner.ruleTarget(machine);
        GeneratedRules rules = new UdevRulesGenerator().generate(state, wanted(plan, machine), UdevMatches.MdMembers.NONE, target);
        assertEquals(List.of(), rules.errors());
        assertEquals("/etc/udev/rules.d/90-disktune.rules", rules.path());
        Path golden = DIR.resolve(sample + ".rules");
        java.util.Set<Integer> left = rules.unwritten().stream().map(GeneratedRules.Unwritten::line).collect(java.util.stream.Collectors.toSet());
        if (rules.text().isEmpty()) { // a udev that reads no rule of the file (CentOS 5's 095): every section is left out, none written
            assertTrue(target.udev() > 0 && target.udev() < UdevRulesGenerator.ATTR_KEYS, sample);
            assertEquals(Stream.concat(state.disks().stream().map(d -> d.line()), state.arrays().stream().map(a -> a.line())).collect(
                    java.util.stream.Collectors.toSet()), left, sample);
            assertFalse(Files.exists(golden), "no golden rules for " + sample);
            return;
        }
        String text = rules.text().orElseThrow();
        if (Boolean.getBoolean("disktune.golden.update")) {
            Files.writeString(golden, text, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), text, "golden " + golden);
        assertEquals(text, new UdevRulesGenerator().generate(state, wanted(plan, machine), UdevMatches.MdMembers.NONE, target).text()
                .orElseThrow(), "deterministic");

        UdevRulesFile back = new UdevRulesParser().parse(text, rules.path());
        assertEquals(List.of(), back.errors());
        assertEquals(expectedAssignments(state, wanted(plan, machine), target, left), assignments(back));
        for (UdevRule rule : back.rules().stream().filter(r -> !jump(r)).toList()) {
            assertEquals(Optional.of(UdevKey.of("ACTION", "==", "add|change")), rule.key("ACTION", null));
            assertEquals(Optional.of(UdevKey.of("SUBSYSTEM", "==", "block")), rule.key("SUBSYSTEM", null));
            if (target.devtype()) {
                assertEquals(Optional.of(new UdevKey("ENV", "DEVTYPE", "==", "disk")), rule.key("ENV", "DEVTYPE"));
            } else { // before 2.6.25 no block event carries DEVTYPE: a whole disk or array is the one with a range attribute
                assertEquals(Optional.empty(), rule.key("ENV", "DEVTYPE"));
                assertEquals(Optional.of(new UdevKey("ATTR", "range", "==", "?*")), rule.key("ATTR", "range"));
            }
        }
    }

    /**
     * What the planner writes for a setting of a section that matched on this machine, else (as the persistence planner
     * does) a scheduler as written when a disk of this kernel offers that name, and the canonical value otherwise.
     */
    static Function<SettingValue, String> wanted(TuningPlan plan, MachineReport machine) {
        return value -> plan.settings().stream().filter(e -> e.origin().equals(value) && e.wanted() != null)
                .map(EffectiveSetting::wanted).findFirst()
                .orElse(value.setting() == Setting.SCHEDULER && machine.disks().stream().anyMatch(d -> d.schedulers().contains(value.written()))
                        ? value.written() : value.value());
    }

    /**
     * Per section, in ascending rank then line: first every scheduler (a switch resets nr_requests), then the other
     * ATTR assignments and RUN of each disk section, then the arrays'.
     */
    private static List<List<String>> expectedAssignments(DesiredState state, Function<SettingValue, String> wanted,
            UdevTarget target, java.util.Set<Integer> left) {
        record Expected(int rank, int line, List<String> keys) {
        }
        List<Expected> schedulers = new ArrayList<>();
        state.disks().stream().filter(d -> !left.contains(d.line()))
                .forEach(d -> expected(d.settings().stream().filter(s -> s.setting() == Setting.SCHEDULER).toList(), wanted, target)
                .ifPresent(k -> schedulers.add(new Expected(d.specificity().ordinal(), d.line(), k))));
        List<Expected> disks = new ArrayList<>();
        state.disks().stream().filter(d -> !left.contains(d.line()))
                .forEach(d -> expected(d.settings().stream().filter(s -> s.setting() != Setting.SCHEDULER).toList(), wanted, target)
                .ifPresent(k -> disks.add(new Expected(d.specificity().ordinal(), d.line(), k))));
        List<Expected> arrays = new ArrayList<>();
        state.arrays().stream().filter(a -> !left.contains(a.line())).forEach(a -> expected(a.settings(), wanted, target).ifPresent(k -> arrays.add(new Expected(a.uuid() == null ? 0 : 3, a.line(), k))));
        java.util.Comparator<Expected> order = java.util.Comparator.comparingInt(Expected::rank).thenComparingInt(Expected::line);
        return Stream.of(schedulers.stream().sorted(order), disks.stream().sorted(order), arrays.stream().sorted(order))
                .flatMap(s -> s).map(Expected::keys).toList();
    }

    /**
     * Without an md queue directory (before 2.6.32) an array's readahead is a RUN of blockdev --setra in sectors; without
     * systemd a section's hdparm settings get no RUN at all (they go to rc.local).
     */
    private static Optional<List<String>> expected(List<SettingValue> settings, Function<SettingValue, String> wanted,
            UdevTarget target) {
        List<String> keys = new ArrayList<>();
        settings.stream().filter(s -> s.setting().mechanism() == SettingMechanism.SYSFS)
                .forEach(s -> keys.add(s.setting() == Setting.MD_READ_AHEAD_KB && !target.mdQueue()
                        ? "RUN+=/sbin/blockdev --setra " + 2 * Long.parseLong(wanted.apply(s)) + " /dev/%k"
                        : "ATTR{" + s.setting().attribute().orElseThrow() + "}=" + wanted.apply(s)));
        if (target.systemdRun() && settings.stream().anyMatch(s -> s.setting().mechanism() == SettingMechanism.HDPARM)) {
            keys.add("RUN+=/usr/bin/systemd-run --no-block --collect --quiet /usr/sbin/disktune apply --device %k");
        }
        return keys.isEmpty() ? Optional.empty() : Optional.of(keys);
    }

    /** A jump of a udev before 131 past a rule (OldUdevKeys), or the label it lands on. */
    private static boolean jump(UdevRule rule) {
        return rule.key("GOTO", null).isPresent() || rule.key("LABEL", null).isPresent();
    }

    private static List<List<String>> assignments(UdevRulesFile file) {
        return file.rules().stream().filter(r -> !jump(r)).map(r -> r.keys().stream().filter(k -> !k.isMatch())
                .map(k -> k.name() + (k.attribute() == null ? "" : "{" + k.attribute() + "}") + k.operator() + k.value()).toList()).toList();
    }

    static MachineReport detect(String sample) {
        Path root = new SampleMachines().materialize(sample);
        RootedHost host = new RootedHost(root, new RefusingCommandRunner("test"), new FileKernelLog(root.resolve("var/log/dmesg")),
                TestMachine.CLOCK, false);
        return new MachineDetector(host).detect();
    }
}
