package org.disktune.detect;

/** How much a finding matters. */
public enum Severity {
    INFO, WARNING
}
