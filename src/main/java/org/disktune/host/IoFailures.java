package org.disktune.host;

import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;

/** A failed file operation as disktune reports it: one line naming what failed and a short cause. */
final class IoFailures {
    private IoFailures() {
    }

    static DisktuneException failure(String what, Exception e) {
        return new DisktuneException(ExitCode.ENVIRONMENT, what + ": " + describe(e), e);
    }

    /** A short cause for a one-line message: "permission denied", "no such file", "No space left on device". */
    static String describe(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "already exists";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse(message);
    }
}
