package org.disktune.bench.workload;

import java.io.IOException;
import java.nio.channels.FileChannel;

/** Closing the test files of a workload's threads. */
final class Channels {
    private Channels() {
    }

    /** Closes every channel that was opened (null entries were never opened); the first failure is thrown after all. */
    static void closeAll(FileChannel[] channels) throws IOException {
        if (channels == null) {
            return;
        }
        IOException failure = null;
        for (FileChannel c : channels) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
