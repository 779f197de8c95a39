package org.disktune.cli;

import java.util.concurrent.Callable;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.initramfs.image.InitramfsImageReader;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** disktune initramfs cat IMAGE PATH: the bytes of one file as the kernel would unpack it. */
@Command(name = "cat", mixinStandardHelpOptions = true,
        description = "Write the content of PATH inside IMAGE to standard output (symlinks followed, hard links and overrides resolved).")
final class InitramfsCatCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", paramLabel = "IMAGE", description = "The initramfs image.")
    private String image;

    @Parameters(index = "1", paramLabel = "PATH", description = "The file inside the image, e.g. etc/modprobe.d/disktune.conf.")
    private String path;

    InitramfsCatCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        if (!new InitramfsImageReader(image).copyTo(session.treeFile(image), path, session.stdout())) {
            throw DisktuneException.usage(image + ": no file '" + path + "' in the image; list it with: disktune initramfs list " + image);
        }
        return ExitCode.OK.code();
    }
}
