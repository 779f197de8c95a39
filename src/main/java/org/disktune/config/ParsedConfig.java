package org.disktune.config;

import java.util.List;

/**
 * A configuration file as read: the desired state it gives (with its warnings) and every error found in
 * it, in line order. The state is only to be used when {@link #ok()}.
 */
public record ParsedConfig(DesiredState state, List<ConfigProblem> errors) {
    public ParsedConfig {
        errors = List.copyOf(errors);
    }

    public boolean ok() {
        return errors.isEmpty();
    }
}
