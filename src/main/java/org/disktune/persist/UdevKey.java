package org.disktune.persist;

import java.util.Objects;
import java.util.Set;

/**
 * One key of a udev rule as udev(7) writes it: {@code NAME{attribute} OPERATOR "value"}, e.g.
 * {@code ATTR{queue/scheduler}="mq-deadline"} or {@code KERNEL=="sd*"}. The attribute is null for keys without
 * braces. {@code ==} and {@code !=} are matches; {@code =}, {@code +=}, {@code -=} and {@code :=} are assignments.
 * The value is kept as written between the quotes (udev's own escapes are not undone).
 */
public record UdevKey(String name, String attribute, String operator, String value) {
    /** The operators udev 252 accepts (src/udev/udev-rules.c, parse_operator). */
    public static final Set<String> OPERATORS = Set.of("==", "!=", "=", "+=", "-=", ":=");

    public UdevKey {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(value, "value");
        if (!OPERATORS.contains(operator)) {
            throw new IllegalArgumentException("not a udev operator: " + operator);
        }
    }

    /** A key without braces. */
    public static UdevKey of(String name, String operator, String value) {
        return new UdevKey(name, null, operator, value);
    }

    /** True for {@code ==} and {@code !=}. */
    public boolean isMatch() {
        return operator.equals("==") || operator.equals("!=");
    }

    /** The key as it is written in a rules file: {@code ATTR{queue/scheduler}="mq-deadline"}. */
    public String render() {
        return name + (attribute == null ? "" : "{" + attribute + "}") + operator + "\"" + value + "\"";
    }
}
