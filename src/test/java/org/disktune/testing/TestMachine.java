package org.disktune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.host.CommandRunner;
import org.disktune.host.RefusingCommandRunner;
import org.disktune.host.RootedHost;

/** A machine tree in Jimfs, built line by line in a test: attributes, files, symlinks. */
public final class TestMachine {
    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC);
    private final Path root;

    private TestMachine(Path root) {
        this.root = root;
    }

    public static TestMachine create() {
        FileSystem fs = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "owner", "posix", "unix").build());
        Path root = fs.getPath("/machine");
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new TestMachine(root);
    }

    public Path root() {
        return root;
    }

    public Path path(String absolute) {
        return root.resolve(absolute.substring(1));
    }

    /** A sysfs attribute: the value and a newline. */
    public TestMachine attr(String path, String value) {
        return file(path, value + "\n");
    }

    public TestMachine file(String path, String content) {
        return bytes(path, content.getBytes(StandardCharsets.UTF_8));
    }

    public TestMachine bytes(String path, byte[] content) {
        try {
            Path p = path(path);
            Files.createDirectories(p.getParent());
            Files.write(p, content);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public TestMachine link(String path, String target) {
        try {
            Path p = path(path);
            Files.createDirectories(p.getParent());
            Files.createSymbolicLink(p, p.getFileSystem().getPath(target));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public TestMachine dir(String path) {
        try {
            Files.createDirectories(path(path));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String read(String path) {
        try {
            return Files.readString(path(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public RootedHost host() {
        return host(new RefusingCommandRunner("a test machine"));
    }

    public RootedHost host(CommandRunner runner) {
        return new RootedHost(root, runner, () -> {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "no kernel log in this test machine");
        }, CLOCK, true);
    }
}
