package org.disktune.detect;

/**
 * A module option a controller needs and does not have in effect: the controller's PCI address, the
 * module, the parameter and the value to set, and the problem in words ("sata_nv on an nForce4
 * CK804/MCP04 chip (10de:0054) runs with adma off: NCQ is unavailable (depth 0/32)"), and what the value gives once in
 * effect ("gives NCQ on controller 0000:00:07.0"). The finding that {@code detect} shows and the section that
 * {@code init} proposes are both made from it.
 */
public record ModuleFix(String controller, String module, String parameter, String value, String problem, String gives) {
    /** "sata_nv adma=1" */
    public String option() {
        return module + " " + parameter + "=" + value;
    }
}
