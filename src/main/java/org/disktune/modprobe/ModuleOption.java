package org.disktune.modprobe;

/**
 * One {@code param=value} of an options statement. {@code value} is null for a bare parameter
 * ({@code options m flag}), which the kernel treats as "true" for bool parameters.
 */
public record ModuleOption(String module, String parameter, String value, ConfigOrigin origin) {
}
