package org.disktune.boot;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.disktune.apply.EntryState;
import org.disktune.apply.Journal;
import org.disktune.apply.JournalEntry;
import org.disktune.apply.JournaledChange;
import org.disktune.host.Host;

/**
 * Which kernel command line parameters of a boot loader file are disktune's. In a file of disktune's own (the GRUB
 * drop-in) every one. In a file it shares with the administrator (/etc/default/grub) the names disktune put there:
 * those its applied journal entries wrote into that file, read back from each write's reason, which
 * {@link #reason(String)} makes and {@link #words(String)} reads (an entry rolled back does not count, nor does
 * rollback's own). A parameter the administrator sets by hand under such a name is disktune's to change or remove.
 */
public final class CommandLineOwnership {
    private static final String PUT = "put ";
    private static final String ON = " on the kernel command line of every entry";

    private CommandLineOwnership() {
    }

    /** The reason of the write that puts {@code words} (rendered, space-separated) into a boot loader file. */
    static String reason(String words) {
        return PUT + words + ON;
    }

    /** The parameters a write's reason names, empty for any other reason. */
    static List<KernelParameter> words(String reason) {
        if (reason == null || !reason.startsWith(PUT) || !reason.endsWith(ON)) {
            return List.of();
        }
        return KernelCommandLine.parse(reason.substring(PUT.length(), reason.length() - ON.length())).moduleParameters();
    }

    /** The {@code module.param} names of disktune's parameters in {@code current}, the writer's file (null: absent). */
    public static Set<String> owned(Host host, CommandLineWriter writer, byte[] current) {
        if (current == null) {
            return Set.of();
        }
        if (!writer.shared()) {
            return writer.configured(current).orElse(List.of()).stream().map(GrubDefaultEditor::name).collect(Collectors.toUnmodifiableSet());
        }
        Set<String> names = new HashSet<>();
        for (JournalEntry e : new Journal(host).entries()) {
            if (e.state() == EntryState.APPLIED && !e.isRevert()) {
                for (JournaledChange c : e.changes()) {
                    if (c instanceof JournaledChange.FileWrite w && writer.file().equals(w.path())) {
                        words(w.reason()).forEach(p -> names.add(GrubDefaultEditor.name(p)));
                    }
                }
            }
        }
        return Set.copyOf(names);
    }
}
