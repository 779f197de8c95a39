package org.disktune.verify;

import java.util.List;

/**
 * One kind of verification. {@link VerifyService} runs each in turn over the same context; new kinds
 * (runtime settings, udev rules, mounts) are new checkers.
 */
@FunctionalInterface
public interface Checker {
    List<Check> check(VerifyContext context);
}
