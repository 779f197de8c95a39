package org.disktune.initramfs.rebuild;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.disktune.apply.FileHolds;
import org.disktune.apply.ImageHolds;
import org.disktune.apply.Postcondition;
import org.disktune.apply.PostconditionChecker;
import org.disktune.host.Host;
import org.disktune.initramfs.FileCheck;
import org.disktune.initramfs.ImageCheck;
import org.disktune.initramfs.ImageContentVerifier;
import org.disktune.initramfs.image.UnifiedKernelImage;
import org.disktune.initramfs.rebuild.InitramfsPostconditionChecker;

/**
 * Evaluates post-conditions on initramfs images: {@link ImageHolds} holds when every image holds each
 * file exactly as the host does when the check runs (same bytes, or absent from both); a {@link FileHolds} (a boot
 * configuration regenerated in the same apply) through {@link PostconditionChecker#fileProblem}, a unified kernel image
 * by its {@code .cmdline} section.
 */
public final class InitramfsPostconditionChecker implements PostconditionChecker {

    @Override
    public Optional<String> problem(Host host, Postcondition condition) {
        return condition.accept(new Postcondition.Visitor<Optional<String>>() {
            @Override
            public Optional<String> imageHolds(ImageHolds holds) {
                List<String> problems = new ArrayList<>();
                for (String image : holds.images()) {
                    imageProblem(host, image, holds.files(), holds.argv()).ifPresent(problems::add);
                }
                return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
            }

            @Override
            public Optional<String> fileHolds(FileHolds holds) {
                try {
                    return PostconditionChecker.fileProblem(host, holds, UnifiedKernelImage::proofText);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
    }

    /**
     * Empty when {@code image} holds {@code files} exactly as the host does (same bytes, or absent from both);
     * {@code argv} (may be null) is the command that should have written the image, for the message.
     */
    public static Optional<String> imageProblem(Host host, String image, List<String> files, List<String> argv) {
        Path file = host.path(image);
        if (!Files.isRegularFile(file)) {
            return Optional.of(image + " was not written" + (argv == null ? "" : " by " + String.join(" ", argv)));
        }
        ImageContentVerifier verifier = new ImageContentVerifier(host);
        ImageCheck check = verifier.check(file, image, files.stream().map(verifier::machineFile).toList());
        if (check.unpackError() != null) {
            return Optional.of(check.unpackProblem());
        }
        for (FileCheck f : check.files()) {
            switch (f.status()) {
                case SAME -> {
                }
                case MISSING_IN_IMAGE -> {
                    return Optional.of(f.imagePath() + " is missing from " + image);
                }
                case DIFFERENT -> {
                    return Optional.of(image + " holds another " + f.imagePath() + " than the host (sha256 "
                            + f.imageSha256().substring(0, 12) + "…, host " + f.hostSha256().substring(0, 12) + "…)");
                }
                case MISSING_ON_HOST -> {
                    if (f.imageSha256() != null) {
                        return Optional.of(image + " still holds " + f.imagePath() + ", which is no longer on the host");
                    }
                }
            }
        }
        return Optional.empty();
    }
}
