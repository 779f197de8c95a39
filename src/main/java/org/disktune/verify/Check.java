package org.disktune.verify;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * One line of {@code disktune verify}.
 *
 * @param name     what kind of check: "modprobe-file", "module-option", "ncq", "link-speed", "transfer-mode",
 *                 "controller-mode", "initramfs", "kernel-cmdline"
 * @param subject  what was checked: "sata_nv adma", "ata1.00 (sda)", "/boot/initrd.img-6.1.0-57-amd64"
 * @param status   ok, drift, pending or unknown
 * @param expected the desired state, in words
 * @param found    what the machine shows
 * @param cause    why it is not ok and what to do; null when ok
 * @param target   for a setting of the configuration, the disk, array or mount, its stable ID and the setting
 *                 (the labels of {@code verify --prometheus}); null for other checks. Not in the JSON: the subject
 *                 already names it there.
 */
public record Check(String name, String subject, CheckStatus status, String expected, String found, String cause,
        @JsonIgnore Target target) {
    public Check {
        Objects.requireNonNull(name);
        Objects.requireNonNull(subject);
        Objects.requireNonNull(status);
    }

    public Check(String name, String subject, CheckStatus status, String expected, String found, String cause) {
        this(name, subject, status, expected, found, cause, null);
    }

    /**
     * What a setting check is about.
     *
     * @param device  the disk ("sda"), array ("md7") or mount point ("/home")
     * @param id      its stable ID ("wwn-0x5000c500a1b2c3d4"), or null when it has none
     * @param setting the setting's key ("scheduler")
     */
    public record Target(String device, String id, String setting) {
        public Target {
            Objects.requireNonNull(device);
            Objects.requireNonNull(setting);
        }
    }

    /** This check, about {@code target}. */
    Check about(Target target) {
        return new Check(name, subject, status, expected, found, cause, target);
    }

    static Check ok(String name, String subject, String expected, String found) {
        return new Check(name, subject, CheckStatus.OK, expected, found, null);
    }
}
