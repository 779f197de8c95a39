package org.disktune.verify;

import java.util.Objects;

/**
 * One line of {@code disktune verify}.
 *
 * @param name     what kind of check: "modprobe-file", "module-option", "ncq", "link-speed", "transfer-mode",
 *                 "controller-mode", "initramfs"
 * @param subject  what was checked: "sata_nv adma", "ata1.00 (sda)", "/boot/initrd.img-6.1.0-57-amd64"
 * @param status   ok, drift, pending or unknown
 * @param expected the desired state, in words
 * @param found    what the machine shows
 * @param cause    why it is not ok and what to do; null when ok
 */
public record Check(String name, String subject, CheckStatus status, String expected, String found, String cause) {
    public Check {
        Objects.requireNonNull(name);
        Objects.requireNonNull(subject);
        Objects.requireNonNull(status);
    }

    static Check ok(String name, String subject, String expected, String found) {
        return new Check(name, subject, CheckStatus.OK, expected, found, null);
    }
}
