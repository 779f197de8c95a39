package org.disktune.apply;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The kind of a journaled change, one per {@link Change} type. */
public enum ChangeKind {
    @JsonProperty("write-file") WRITE_FILE,
    @JsonProperty("delete-file") DELETE_FILE,
    @JsonProperty("run-program") RUN_PROGRAM,
    @JsonProperty("verify") VERIFY,
    @JsonProperty("write-attribute") WRITE_ATTRIBUTE,
    @JsonProperty("program-setting") PROGRAM_SETTING
}
