package org.disktune.verify;

import java.util.ArrayList;
import java.util.List;

import org.disktune.initramfs.FileCheck;
import org.disktune.initramfs.ImageCheck;
import org.disktune.initramfs.ImageVerification;

/**
 * disktune's files (those it has written) inside the initramfs image of every installed kernel, byte for
 * byte. A missing or older copy is drift whatever the boot: a reboot loads that image again. So is an image the
 * kernel stops unpacking part way (its files before the error are there, the rest is lost at boot).
 */
final class InitramfsChecker implements Checker {
    static final String NAME = "initramfs";

    @Override
    public List<Check> check(VerifyContext context) {
        ImageVerification v = context.images();
        if (v == null) {
            return List.of(new Check(NAME, "/boot", CheckStatus.UNKNOWN, "disktune's files in the initramfs", "not checked",
                    context.imagesFailure()));
        }
        v.notes().forEach(context::note);
        List<Check> checks = new ArrayList<>();
        for (ImageCheck image : v.images()) {
            if (image.unpackError() != null) {
                checks.add(new Check(NAME, image.image(), CheckStatus.DRIFT, "the kernel unpacks it to its end",
                        "stops at " + image.unpackError().where() + ": " + image.unpackError().problem(),
                        "lost at boot: " + image.unpackError().lost() + "; run disktune initramfs rebuild"));
            }
            for (FileCheck f : image.files()) {
                String expected = "holds " + f.imagePath() + " as on the host";
                if (f.ok()) {
                    checks.add(Check.ok(NAME, image.image(), expected, "same bytes"));
                } else {
                    String found = switch (f.status()) {
                        case MISSING_IN_IMAGE -> "not in the image";
                        case DIFFERENT -> "different bytes (image " + f.imageSha256().substring(0, 12) + "…, host " + f.hostSha256().substring(0, 12) + "…)";
                        case MISSING_ON_HOST -> "missing on the host";
                        case SAME -> "same bytes";
                    };
                    checks.add(new Check(NAME, image.image(), CheckStatus.DRIFT, expected, found,
                            "the next boot of this image loads the old options: run disktune initramfs rebuild"));
                }
            }
        }
        return checks;
    }
}
