package org.disktune.apply;

/** Checks on machine path strings (they are resolved through the host, never used as Paths here). */
final class MachinePaths {
    private MachinePaths() {
    }

    static String requireAbsolute(String path) {
        if (path == null || !path.startsWith("/") || path.length() < 2 || path.endsWith("/")
                || path.contains("/../") || path.endsWith("/..") || path.contains("//")) {
            throw new IllegalArgumentException("a machine file path must be absolute and normal: " + path);
        }
        return path;
    }
}
