package org.disktune.config;

/** One {@code PARAM = VALUE} line of a {@code [module NAME]} section. */
public record ModuleParameter(String name, String value, int line) {
}
