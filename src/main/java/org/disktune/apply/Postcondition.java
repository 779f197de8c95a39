package org.disktune.apply;

/**
 * What a {@link Verify} step checks, as data (so that plans compare with {@code equals} and journal
 * whole). The executor evaluates it through the {@link PostconditionChecker} it is given, so that
 * this package knows no initramfs code.
 */
public sealed interface Postcondition permits ImageHolds, FileHolds {
    <R> R accept(Visitor<R> visitor);

    /** One method per kind of post-condition; implementing it makes a new kind a compile error until handled. */
    interface Visitor<R> {
        R imageHolds(ImageHolds condition);

        R fileHolds(FileHolds condition);
    }
}
