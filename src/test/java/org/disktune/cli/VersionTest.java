package org.disktune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** --version: the pom's version, with the git commit when built from a checkout (pom.xml, antrun git-commit). */
class VersionTest {
    @Test
    void theCommitFollowsTheVersionOnlyWhenThereIsOne() {
        assertEquals("disktune 0.1.0 (git abc1234)", VersionProvider.text("0.1.0", "abc1234"));
        assertEquals("disktune 0.1.0", VersionProvider.text("0.1.0", ""));
        assertEquals("disktune 0.1.0", VersionProvider.text("0.1.0", null));
        assertEquals("disktune development build", VersionProvider.text(null, ""));
    }

    @Test
    void versionSaysThePomVersionAndTheCheckoutsCommit() throws IOException, InterruptedException {
        String pom = Files.readString(Path.of("pom.xml"));
        String version = pom.replaceFirst("(?s).*?<artifactId>disktune</artifactId>\\s*<version>([^<]+)</version>.*", "$1");
        CliRun run = CliRun.run("--version");
        assertEquals(0, run.exitCode(), run.err());
        if (Files.exists(Path.of(".git"))) {
            Process git = new ProcessBuilder("git", "--git-dir=" + Path.of(".git").toAbsolutePath(), "rev-parse", "--short", "HEAD")
                    .redirectErrorStream(true).start();
            String commit = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, git.waitFor(), commit);
            System.out.println("VersionTest: built from a git checkout, expecting commit " + commit);
            assertEquals("disktune " + version + " (git " + commit + ")", run.out().strip());
        } else {
            System.out.println("VersionTest: no .git here (a source tarball), expecting the version alone");
            assertEquals("disktune " + version, run.out().strip());
        }
        assertTrue(run.out().strip().lines().count() == 1, run.out());
    }
}
