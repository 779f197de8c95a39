package org.disktune.modprobe;

import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The module options disktune owns: module -> parameter -> value, both sorted, so that rendering
 * is deterministic. Immutable; {@link #with} and {@link #without} return new values.
 */
public record DesiredModuleOptions(SortedMap<String, SortedMap<String, String>> modules) {
    public DesiredModuleOptions {
        TreeMap<String, SortedMap<String, String>> copy = new TreeMap<>();
        modules.forEach((module, parameters) -> {
            if (!parameters.isEmpty()) {
                copy.put(module, Collections.unmodifiableSortedMap(new TreeMap<>(parameters)));
            }
        });
        modules = Collections.unmodifiableSortedMap(copy);
    }

    public static DesiredModuleOptions none() {
        return new DesiredModuleOptions(new TreeMap<>());
    }

    public DesiredModuleOptions with(String module, String parameter, String value) {
        TreeMap<String, SortedMap<String, String>> copy = new TreeMap<>(modules);
        TreeMap<String, String> params = new TreeMap<>(copy.getOrDefault(module, new TreeMap<>()));
        params.put(parameter, value);
        copy.put(module, params);
        return new DesiredModuleOptions(copy);
    }

    public DesiredModuleOptions without(String module, String parameter) {
        TreeMap<String, SortedMap<String, String>> copy = new TreeMap<>(modules);
        TreeMap<String, String> params = new TreeMap<>(copy.getOrDefault(module, new TreeMap<>()));
        params.remove(parameter);
        copy.put(module, params);
        return new DesiredModuleOptions(copy);
    }

    public Optional<String> value(String module, String parameter) {
        SortedMap<String, String> params = modules.get(module);
        return params == null ? Optional.empty() : Optional.ofNullable(params.get(parameter));
    }

    public boolean isEmpty() {
        return modules.isEmpty();
    }
}
