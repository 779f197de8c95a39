package org.disktune.detect;

/** Something the evidence shows is worth changing: what, why, and the fix. */
public record Finding(Severity severity, String subject, String message, String fix) {
}
