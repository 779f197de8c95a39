package org.disktune.verify;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;
import org.ini4j.Config;
import org.ini4j.Ini;
import org.ini4j.InvalidFileFormatException;

/**
 * Reads {@value #PATH}, disktune's desired-state file (INI). Only its well-formedness matters to verify
 * today: a malformed file is a configuration error (exit 2) naming the file; its settings for disks and
 * mounts come with the runtime settings.
 */
public final class DisktuneConfigReader {
    public static final String PATH = "/etc/disktune/disktune.conf";
    private final Host host;

    public DisktuneConfigReader(Host host) {
        this.host = host;
    }

    /** The parsed file, or empty when it does not exist. */
    public Optional<Ini> read() {
        Path file = host.path(PATH);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        Config config = new Config();
        config.setMultiSection(true);
        config.setEmptyOption(false);
        Ini ini = new Ini();
        ini.setConfig(config);
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            ini.load(in);
            return Optional.of(ini);
        } catch (InvalidFileFormatException e) {
            throw DisktuneException.usage(PATH + " is not a valid INI file (" + firstLine(e.getMessage())
                    + "); fix that line or move the file away");
        } catch (IOException | RuntimeException e) {
            throw DisktuneException.usage("cannot read " + PATH + ": " + firstLine(e.getMessage()) + "; fix the file or move it away");
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        String s = message.strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
