package org.disktune.modprobe;

/** The value grammar of a module parameter. */
public enum ParameterType {
    /** Kernel bool: y/Y/1/n/N/0 and on/off when set; sysfs shows Y or N. disktune writes 1 or 0. */
    BOOL,
    /** Signed integer within the catalogue's range. */
    INT,
    /** Unsigned long within the catalogue's range. */
    ULONG,
    /** libata.force: {@code [PORT[.DEV]:]VAL[,...]}. */
    LIBATA_FORCE
}
