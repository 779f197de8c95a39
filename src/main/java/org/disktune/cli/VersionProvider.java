package org.disktune.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest (set by Maven), or "development" when run from classes. */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = DisktuneCommand.class.getPackage().getImplementationVersion();
        return new String[] {"disktune " + (version == null ? "development build" : version)};
    }
}
