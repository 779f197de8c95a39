package org.disktune.tiers;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Does not run a test whose tier's need this process does not meet (a test tagged {@code root} run by another user),
 * with the reason {@link TierReport} prints; runs everything as root. Registered for every test through
 * META-INF/services (junit-platform.properties turns on JUnit's extension auto-detection).
 */
public final class TierCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return Tier.unmet(context.getTags())
                .map(t -> ConditionEvaluationResult.disabled(t.notRun()))
                .orElseGet(() -> ConditionEvaluationResult.enabled("this process meets the test's tier"));
    }
}
