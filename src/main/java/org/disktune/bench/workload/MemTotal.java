package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.disktune.core.DisktuneException;
import org.disktune.host.Host;

/** MemTotal of /proc/meminfo in bytes ("MemTotal:  24683584 kB": proc(5) gives it in KiB). */
final class MemTotal {
    private MemTotal() {
    }

    static long read(Host host) {
        String text;
        try {
            text = Files.readString(host.path("/proc/meminfo"), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw DisktuneException.environment("cannot read /proc/meminfo (" + e.getMessage() + "), needed to size the test file "
                    + "at twice RAM; benchmark on the live machine with /proc mounted");
        }
        return parse(text);
    }

    static long parse(String meminfo) {
        for (String line : meminfo.split("\n")) {
            if (line.startsWith("MemTotal:")) {
                String[] fields = line.substring("MemTotal:".length()).trim().split("\\s+");
                if (fields.length == 2 && fields[1].equals("kB") && fields[0].matches("[0-9]{1,15}")) {
                    return Long.parseLong(fields[0]) * 1024;
                }
            }
        }
        throw DisktuneException.environment("no MemTotal line in /proc/meminfo, needed to size the test file at twice RAM; "
                + "benchmark on the live machine with /proc mounted");
    }
}
