package org.disktune.persist;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The systemd units disktune ships in its top-level {@code units/} directory, packed into the jar as
 * resources under {@code org/disktune/units/}: {@code disktune.service} (apply --boot at boot),
 * {@code disktune-verify.service} and {@code disktune-verify.timer} (verify --quiet daily). Where systemd
 * looks for them (systemd.unit(5) "Unit File Load Path"): {@code /etc/systemd/system} for units the
 * administrator installs, {@code /usr/lib/systemd/system} (and {@code /lib/systemd/system} before the /usr
 * merge) for units of packages. {@code systemctl enable} links a unit into {@code TARGET.wants/} of
 * {@code /etc/systemd/system} for each {@code WantedBy=TARGET} of its [Install] section.
 */
public final class Units {
    /** Where units the administrator installs go, and where enabling links are made. */
    public static final String ETC_DIRECTORY = "/etc/systemd/system";
    /** Where packages install units. */
    public static final List<String> PACKAGE_DIRECTORIES = List.of("/usr/lib/systemd/system", "/lib/systemd/system");
    /** The program every unit runs. */
    public static final String PROGRAM = "/usr/sbin/disktune";
    /** Every unit, in the order they are installed. */
    public static final List<String> NAMES = List.of("disktune.service", "disktune-verify.service", "disktune-verify.timer");
    /** The units that are enabled (the verify service is started by its timer). */
    public static final List<String> ENABLED = List.of("disktune.service", "disktune-verify.timer");

    private Units() {
    }

    /** The bytes of the shipped unit {@code name} (one of {@link #NAMES}). */
    public static byte[] shipped(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("not a disktune unit: " + name);
        }
        try (InputStream in = Units.class.getResourceAsStream("/org/disktune/units/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks org/disktune/units/" + name + " (built without units/?)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The targets of the {@code WantedBy=} lines of the shipped unit {@code name} (empty for a unit without [Install]). */
    public static List<String> wantedBy(String name) {
        List<String> targets = new ArrayList<>();
        for (String line : new String(shipped(name), StandardCharsets.UTF_8).split("\n")) {
            String l = line.strip();
            if (l.startsWith("WantedBy=")) {
                for (String t : l.substring("WantedBy=".length()).trim().split("\\s+")) {
                    if (!t.isEmpty()) {
                        targets.add(t);
                    }
                }
            }
        }
        return List.copyOf(targets);
    }

    /** The link {@code systemctl enable} makes for {@code name} wanted by {@code target}. */
    public static String enableLink(String name, String target) {
        return ETC_DIRECTORY + "/" + target + ".wants/" + name;
    }
}
