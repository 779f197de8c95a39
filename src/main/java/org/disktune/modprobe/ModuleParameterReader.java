package org.disktune.modprobe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/** Reads the module parameters the running kernel uses, from /sys/module/M/parameters/P. */
public final class ModuleParameterReader {
    private final Host host;

    public ModuleParameterReader(Host host) {
        this.host = host;
    }

    public boolean loaded(String module) {
        return Files.isDirectory(host.path("/sys/module/" + ModprobeConfigParser.normalizeName(module)));
    }

    public RunningParameter read(String module, String parameter) {
        String m = ModprobeConfigParser.normalizeName(module);
        String p = ModprobeConfigParser.normalizeName(parameter);
        if (!loaded(m)) {
            return new RunningParameter(m, p, ParameterPresence.MODULE_NOT_LOADED, null);
        }
        String machinePath = "/sys/module/" + m + "/parameters/" + p;
        Path file = host.path(machinePath);
        if (!Files.isRegularFile(file)) {
            return new RunningParameter(m, p, ParameterPresence.NOT_VISIBLE_IN_SYSFS, null);
        }
        try {
            String value = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            if (value.endsWith("\n")) {
                value = value.substring(0, value.length() - 1);
            }
            return new RunningParameter(m, p, ParameterPresence.VALUE, value);
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read " + machinePath + ": " + e.getMessage() + "; run as root");
        }
    }

    /**
     * True when a configured value and the sysfs value mean the same: for bools Y/y/1/on equal each
     * other (sysfs shows Y or N), for numbers the numeric value, else the exact text. A bare
     * parameter (configured value null) means "true" for a bool.
     */
    public static boolean sameValue(ParameterType type, String configured, String running) {
        if (running == null) {
            return false;
        }
        if (type == ParameterType.BOOL || (type == null && OptionValidator.parseBool(running) != null && running.length() == 1
                && (configured == null || OptionValidator.parseBool(configured) != null))) {
            Boolean c = configured == null ? Boolean.TRUE : OptionValidator.parseBool(configured);
            return c != null && c.equals(OptionValidator.parseBool(running));
        }
        if (configured == null) {
            return false;
        }
        if (type == ParameterType.INT || type == ParameterType.ULONG) {
            try {
                return new java.math.BigInteger(configured.strip()).equals(new java.math.BigInteger(running.strip()));
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return configured.equals(running);
    }
}
