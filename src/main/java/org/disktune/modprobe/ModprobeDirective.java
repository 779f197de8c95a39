package org.disktune.modprobe;

/**
 * One kmod statement. {@code module} is normalised as kmod does ('-' becomes '_'; for ALIAS it is
 * the alias pattern), {@code argument} is the rest of the statement kept verbatim: the options
 * string, the install/remove shell command, the softdep/weakdep list, the alias target module;
 * empty for BLACKLIST.
 */
public record ModprobeDirective(DirectiveKind kind, String module, String argument, ConfigOrigin origin) {
}
