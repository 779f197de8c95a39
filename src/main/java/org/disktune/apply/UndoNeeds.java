package org.disktune.apply;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.disktune.core.FileMode;

/**
 * What taking back a list of journaled changes needs, as each change tells it ({@link JournaledChange#undo}), in the
 * order of the changes: the files written or deleted with every hash a step meant to leave, the mode each file had
 * before the first step that changed it, the files programs rewrote, the attributes and the program settings.
 */
final class UndoNeeds implements JournaledChange.Undo {
    private final Map<String, Set<String>> files = new LinkedHashMap<>();
    private final Map<String, FileMode> modes = new LinkedHashMap<>();
    private final Set<String> produced = new LinkedHashSet<>();
    private final List<JournaledChange.AttributeWrite> attributes = new ArrayList<>();
    private final List<JournaledChange.SettingRun> settings = new ArrayList<>();
    private final List<JournaledChange.ReadAheadWrite> readAheads = new ArrayList<>();
    /** Each file, attribute and setting as an undo's message names what it put back, in order. */
    private final List<String> items = new ArrayList<>();

    static UndoNeeds of(List<JournaledChange> changes) {
        UndoNeeds needs = new UndoNeeds();
        changes.forEach(c -> c.undo(needs));
        return needs;
    }

    @Override
    public void file(String path, String sha256) {
        files.computeIfAbsent(path, p -> new HashSet<>()).add(sha256);
        items.add(path);
    }

    @Override
    public void mode(String path, FileMode before) {
        modes.putIfAbsent(path, before);
    }

    @Override
    public void produced(String path) {
        produced.add(path);
    }

    @Override
    public void attribute(JournaledChange.AttributeWrite write) {
        attributes.add(write);
        items.add(attribute(write.path(), write.device()) + " = " + write.newValue());
    }

    @Override
    public void setting(JournaledChange.SettingRun setting) {
        settings.add(setting);
        items.add(setting.what() + " = " + setting.newValue());
    }

    @Override
    public void readAhead(JournaledChange.ReadAheadWrite write) {
        readAheads.add(write);
        items.add(write.device() + " " + write.setting() + " = " + write.newValue());
    }

    /** The files steps wrote or deleted, in order, each once. */
    Set<String> files() {
        return files.keySet();
    }

    /** The hashes steps meant to leave in {@code path} (null: absent); empty when no step wrote it. */
    Set<String> shasLeft(String path) {
        return files.getOrDefault(path, Set.of());
    }

    /** The mode {@code path} had before the first step that changed it, if one did. */
    java.util.Optional<FileMode> modeBefore(String path) {
        return java.util.Optional.ofNullable(modes.get(path));
    }

    /** The files programs rewrote, in order. */
    List<String> produced() {
        return List.copyOf(produced);
    }

    boolean produces(String path) {
        return produced.contains(path);
    }

    List<JournaledChange.AttributeWrite> attributes() {
        return List.copyOf(attributes);
    }

    List<JournaledChange.SettingRun> settings() {
        return List.copyOf(settings);
    }

    List<JournaledChange.ReadAheadWrite> readAheads() {
        return List.copyOf(readAheads);
    }

    /** Each file written or deleted, attribute and setting as a message names it ("sda queue/scheduler = none"). */
    List<String> items() {
        return List.copyOf(items);
    }

    /** "sda queue/scheduler" for /sys/block/sda/queue/scheduler; the path itself when it is not under the device. */
    private static String attribute(String path, String device) {
        String prefix = "/sys/block/" + device + "/";
        return device != null && path.startsWith(prefix) ? device + " " + path.substring(prefix.length()) : path;
    }
}
