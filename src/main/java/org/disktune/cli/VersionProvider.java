package org.disktune.cli;

import picocli.CommandLine.IVersionProvider;

/**
 * disktune --version: "disktune VERSION (git COMMIT)". The build writes both into the class BuildInfo (pom.xml,
 * antrun execution git-commit: the project version and {@code git rev-parse --short HEAD} of the checkout, empty
 * without one), so that --version reads nothing from the jar; "development build" without a version.
 */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {text()};
    }

    /** The one version line (also in crash reports). */
    static String text() {
        return text(BuildInfo.VERSION, BuildInfo.COMMIT);
    }

    /** "disktune 0.1.0 (git abc1234)"; without a commit only the version. */
    static String text(String version, String commit) {
        String v = version == null || version.isBlank() ? "development build" : version.strip();
        return "disktune " + v + (commit == null || commit.isBlank() ? "" : " (git " + commit.strip() + ")");
    }
}
