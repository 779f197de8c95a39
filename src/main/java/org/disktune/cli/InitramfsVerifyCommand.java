package org.disktune.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.initramfs.FileCheck;
import org.disktune.initramfs.ImageCheck;
import org.disktune.initramfs.ImageContentVerifier;
import org.disktune.initramfs.ImageVerification;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** disktune initramfs verify: files inside images, byte for byte (SHA-256) against the host. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Check that each PATH is inside IMAGE with the same bytes (SHA-256) as HOSTFILE (default: PATH on this machine). "
                + "Without PATHs, check disktune's own files; without IMAGE, in the images of all installed kernels.",
                "Exit 0 when every file is inside and identical and the kernel unpacks each image to its end; 1 naming each missing "
                        + "or different file, and each image the kernel would stop unpacking part way (truncated, corrupt, trailing "
                        + "garbage): the offset where it stops and what the next boot loses. Only the files before it count."})
final class InitramfsVerifyCommand implements Callable<Integer> {
    private final Session session;

    @Parameters(index = "0", arity = "0..1", paramLabel = "IMAGE", description = "The initramfs image.")
    private String image;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "PATH[=HOSTFILE]", description = "Files to look for.")
    private List<String> files = new ArrayList<>();

    InitramfsVerifyCommand(Session session) {
        this.session = session;
    }

    @Override
    public Integer call() {
        ImageContentVerifier verifier = new ImageContentVerifier(session.host());
        ImageVerification result;
        if (image == null) {
            result = verifier.verifyOwnFiles();
        } else {
            List<ImageContentVerifier.Expectation> expectations = new ArrayList<>();
            List<String> paths = files.isEmpty() ? ImageContentVerifier.OWN_FILES : files;
            for (String spec : paths) {
                int eq = spec.indexOf('=');
                String inImage = eq < 0 ? spec : spec.substring(0, eq);
                if (inImage.isEmpty() || (eq >= 0 && eq == spec.length() - 1)) {
                    throw DisktuneException.usage("'" + spec + "' is not PATH or PATH=HOSTFILE");
                }
                String absolute = inImage.startsWith("/") ? inImage : "/" + inImage;
                expectations.add(eq < 0 ? verifier.machineFile(absolute)
                        : new ImageContentVerifier.Expectation(absolute, session.treeFile(spec.substring(eq + 1)), spec.substring(eq + 1)));
            }
            result = new ImageVerification(List.of(verifier.check(session.treeFile(image), image, expectations)), List.of());
        }
        session.output().render("initramfs verify", result, out -> {
            result.notes().forEach(out::println);
            for (ImageCheck check : result.images()) {
                if (check.unpackError() != null) {
                    out.println("error    " + check.unpackProblem() + "; only the files before it count: rebuild the image"
                            + " (disktune initramfs rebuild)");
                }
                for (FileCheck f : check.files()) {
                    out.println((f.ok() ? "ok       " : f.status().name().toLowerCase(Locale.ROOT).replace('_', ' ') + "  ")
                            + check.image() + ": " + f.describe());
                }
            }
        });
        return result.ok() ? ExitCode.OK.code() : ExitCode.DRIFT.code();
    }
}
