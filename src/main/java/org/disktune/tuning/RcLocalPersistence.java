package org.disktune.tuning;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.disktune.apply.ShellWords;
import org.disktune.apply.WriteFile;
import org.disktune.config.SettingMechanism;
import org.disktune.core.FileMode;
import org.disktune.hdparm.HdparmArgs;
import org.disktune.hdparm.HdparmConfParser;
import org.disktune.persist.RcLocalBlock;

/**
 * Without systemd, the hdparm settings of the disks matched now last through what the machine has: Debian's
 * /etc/hdparm.conf where the hdparm package is installed ({@link HdparmConfPersistence}), else disktune's block of
 * rc.local (as report 004 did by hand), and an rc.local that is not executable is made so (boot skips it otherwise); one
 * whose mode cannot be read is uncertain. The block goes away when nothing needs it. A disk plugged in later is not
 * covered: said in a note.
 */
final class RcLocalPersistence {
    private RcLocalPersistence() {
    }

    /** The rc.local that runs at the end of a sysvinit boot: Red Hat's /etc/rc.d/rc.local (/etc/rc.local links to it), else /etc/rc.local. */
    static String path(PersistencePlanning p) {
        return p.files.apply(PersistencePlanner.RC_D_LOCAL) != null ? PersistencePlanner.RC_D_LOCAL : PersistencePlanner.RC_LOCAL;
    }

    static void plan(PersistencePlanning p) {
        Map<String, List<String>> flags = new LinkedHashMap<>(); // one hdparm per disk: hdparm -c3 -m16 -d1 /dev/hde
        Map<String, List<String>> stanzas = new LinkedHashMap<>(); // the same as hdparm.conf lines: io32_support = 3
        if (!p.target.systemdRun()) {
            for (EffectiveSetting s : p.tuning.settings()) {
                if (s.setting().mechanism() == SettingMechanism.HDPARM && s.wanted() != null
                        && s.status() != SettingStatus.INVALID && s.status() != SettingStatus.SKIPPED) {
                    String device = PersistencePlanning.hdparmDevice(s);
                    List<String> argv = HdparmArgs.set(s.setting(), s.wanted(), device);
                    flags.computeIfAbsent(device, d -> new ArrayList<>()).addAll(argv.subList(1, argv.size() - 1));
                    String key = HdparmConfParser.key(s.setting()).orElseThrow();
                    stanzas.computeIfAbsent(device, d -> new ArrayList<>()).add(key + " = " + argv.get(1).substring(2));
                }
            }
        }
        if (HdparmConfPersistence.applies(p)) {
            HdparmConfPersistence.plan(p, stanzas);
            flags.clear(); // and any block an earlier plan left in rc.local goes away below
        }
        List<String> commands = new ArrayList<>();
        flags.forEach((device, options) -> {
            List<String> argv = new ArrayList<>(List.of("hdparm"));
            argv.addAll(options);
            argv.add(device);
            commands.add(ShellWords.join(argv));
        });
        String path = path(p);
        byte[] before = p.files.apply(path);
        if (before == null) {
            if (!commands.isEmpty()) {
                p.unpersisted.add(PersistenceGap.notCarried(path, "hdparm settings", "there is no " + path + " and no systemd, so "
                        + String.join("; ", commands) + " holds until the next boot", "create an executable " + path
                        + " that boot runs, then run disktune apply"));
            }
            return;
        }
        byte[] after = RcLocalBlock.with(before, RcLocalBlock.block(p.file, commands));
        // boot runs rc.local only when it is executable (Debian's rc-local, Red Hat's S99local): one that carries the block is made so
        Optional<FileMode> mode = commands.isEmpty() ? Optional.empty() : p.modes.apply(path);
        FileMode executable = mode.isPresent() && !mode.get().executable() ? mode.get().withExecute() : null;
        if (!Arrays.equals(before, after) || executable != null) {
            String reason = commands.isEmpty() ? "no hdparm setting needs " + path + " any more"
                    : Arrays.equals(before, after) ? "boot runs " + path + " only when it is executable, and it is not: make it so"
                    : "hdparm settings at every boot, which udev cannot apply without systemd, for the " + commands.size()
                            + (commands.size() == 1 ? " disk" : " disks") + " present now"
                            + (executable == null ? "" : "; made executable, as boot runs it only when it is");
            p.fileSteps.add(executable == null ? new WriteFile(path, before, after, reason)
                    : new WriteFile(path, before, after, mode.get(), executable, reason));
        }
        if (!commands.isEmpty()) {
            if (mode.isPresent()) {
                p.carriers.add(path);
            } else {
                p.uncertain.add(new PersistenceGap(path, "hdparm settings", "the mode of " + path + " cannot be read, and boot runs it only "
                        + "when it is executable, so whether it applies them cannot be told"));
            }
            p.notes.add(path + " sets the hdparm settings of the disks present now; a disk plugged in later gets them from `disktune apply`");
        }
    }
}
