package org.disktune.modprobe;

/** A parameter as the running kernel shows it; {@code value} is null unless presence is VALUE. */
public record RunningParameter(String module, String parameter, ParameterPresence presence, String value) {
}
