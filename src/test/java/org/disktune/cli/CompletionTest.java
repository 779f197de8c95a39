package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Bash completion is generated from the same command model as the man page and --help. */
class CompletionTest {
    @Test
    void generatesABashCompletionScriptThatKnowsEveryCommand() {
        CliRun run = CliRun.run("generate-completion");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("#!/usr/bin/env bash"), run.out().lines().findFirst().orElse(""));
        assertTrue(run.out().contains("complete -F _complete_disktune"), "registers the completion function");
        for (String word : new String[] {"detect", "initramfs", "list", "verify", "--sample", "--root", "--json"}) {
            assertTrue(run.out().contains(word), word);
        }
    }
}
