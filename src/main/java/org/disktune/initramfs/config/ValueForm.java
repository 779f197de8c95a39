package org.disktune.initramfs.config;

/** How a shell assignment writes its value. */
public enum ValueForm {
    /** NAME=(a b c) */
    ARRAY,
    /** NAME="a b c" */
    DOUBLE_QUOTED,
    /** NAME='a b c' */
    SINGLE_QUOTED,
    /** NAME=word */
    UNQUOTED
}
