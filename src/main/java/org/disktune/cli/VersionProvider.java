package org.disktune.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/**
 * disktune --version: "disktune VERSION (git COMMIT)". The build writes both into
 * org/disktune/cli/build.properties (pom.xml, antrun execution git-commit: the project version and
 * {@code git rev-parse --short HEAD} of the checkout, empty without one); the jar manifest's
 * Implementation-Version is the fallback, "development build" when neither is there.
 */
final class VersionProvider implements IVersionProvider {
    static final String RESOURCE = "build.properties";

    @Override
    public String[] getVersion() {
        return new String[] {text()};
    }

    /** The one version line (also in crash reports). */
    static String text() {
        Properties build = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = build.getProperty("version", DisktuneCommand.class.getPackage().getImplementationVersion());
        return text(version, build.getProperty("commit", ""));
    }

    /** "disktune 0.1.0 (git abc1234)"; without a commit only the version. */
    static String text(String version, String commit) {
        String v = version == null || version.isBlank() ? "development build" : version.strip();
        return "disktune " + v + (commit == null || commit.isBlank() ? "" : " (git " + commit.strip() + ")");
    }
}
