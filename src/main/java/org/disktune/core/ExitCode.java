package org.disktune.core;

/** The one table of process exit codes; documented in --help and the man page. */
public enum ExitCode {
    OK(0, "success"),
    DRIFT(1, "verify found drift, or a comparison found a regression"),
    USAGE(2, "usage or configuration error (bad option, malformed file, bad image)"),
    REBOOT_NEEDED(3, "the change is made but needs a reboot to take effect"),
    ENVIRONMENT(4, "environment error (not root, missing program, unreadable device)"),
    ROLLED_BACK(5, "the change failed and was rolled back"),
    /** EX_SOFTWARE of sysexits.h: a bug in disktune, not a problem of the input or the machine. */
    INTERNAL(70, "internal error (a bug in disktune; please report it)");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }
}
