package org.disktune.modprobe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.disktune.host.CommandResult;
import org.disktune.host.CommandRunner;
import org.disktune.host.Host;
import org.disktune.host.RootedHost;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;

/** A Jimfs-rooted host for feature tests; programs are refused. */
public final class TestHosts {
    private TestHosts() {
    }

    public static Host jimfs() {
        Path root = Jimfs.newFileSystem(Configuration.unix().toBuilder().setAttributeViews("basic", "posix").build()).getPath("/");
        CommandRunner none = new CommandRunner() {
            @Override
            public CommandResult run(List<String> argv, Duration timeout) {
                throw new AssertionError("no program may run in this test: " + argv);
            }

            @Override
            public boolean available(String program) {
                return false;
            }
        };
        return new RootedHost(root, none, () -> {
            throw new AssertionError("no kernel log in this test");
        }, Clock.systemUTC(), false);
    }

    public static void write(Host host, String machinePath, String content) {
        write(host, machinePath, content.getBytes(StandardCharsets.UTF_8));
    }

    public static void write(Host host, String machinePath, byte[] content) {
        try {
            Path p = host.path(machinePath);
            Files.createDirectories(p.getParent());
            Files.write(p, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
