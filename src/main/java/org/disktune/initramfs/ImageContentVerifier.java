package org.disktune.initramfs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.disktune.core.DisktuneException;
import org.disktune.core.ExitCode;
import org.disktune.core.Sha256;
import org.disktune.host.Host;
import org.disktune.initramfs.config.InitramfsGeneratorDetector;
import org.disktune.initramfs.config.InstalledKernel;
import org.disktune.initramfs.image.ImageListing;
import org.disktune.initramfs.image.InitramfsImageReader;

/**
 * Proves that files are inside an initramfs image with the same bytes as on the host: the only proof
 * that counts, since a flipped byte in an uncompressed or lz4 archive still unpacks without error.
 * Where the kernel stops unpacking an image at an error, only the files before it count (the kernel
 * keeps them and boots on, init/initramfs.c); a file not among them is missing, with the error as cause.
 */
public final class ImageContentVerifier {
    /** The files disktune writes that must travel inside the initramfs. */
    public static final List<String> OWN_FILES = List.of("/etc/modprobe.d/disktune.conf");

    private final Host host;
    private final ImageVerdicts verdicts;

    /** With the verdicts of {@link ImageVerdicts} when disktune runs from its jar (a versioned build). */
    public ImageContentVerifier(Host host) {
        this(host, verdicts(host, ImageContentVerifier.class.getPackage().getImplementationVersion()));
    }

    /** {@code verdicts}: remembered findings to use and update, or null to read every image. */
    ImageContentVerifier(Host host, ImageVerdicts verdicts) {
        this.host = host;
        this.verdicts = verdicts;
    }

    private static ImageVerdicts verdicts(Host host, String version) {
        return version == null ? null : new ImageVerdicts(host, version);
    }

    /** A file to look for: its path inside the image and the host file it must equal. */
    public record Expectation(String imagePath, Path hostFile, String hostLabel) {
    }

    /** Expectation of a machine file: same path in the image and on the host. */
    public Expectation machineFile(String absolutePath) {
        return new Expectation(absolutePath, host.path(absolutePath), absolutePath);
    }

    public ImageCheck check(Path image, String imageLabel, List<Expectation> expectations) {
        return check(image, imageLabel, null, expectations);
    }

    private ImageCheck check(Path image, String imageLabel, String kernel, List<Expectation> expectations) {
        List<String> wanted = new ArrayList<>();
        for (Expectation e : expectations) {
            wanted.add(e.imagePath());
        }
        Optional<ImageVerdicts.Recalled> remembered = verdicts == null ? Optional.empty() : verdicts.recallRecord(image, wanted);
        if (remembered.isPresent()) {
            List<ImageVerdicts.HostFile> hosts = hostFiles(expectations, remembered.get());
            boolean hashed = false;
            for (ImageVerdicts.HostFile h : hosts) {
                hashed |= h.sha256() != null && remembered.get().hostSha256(h.file(), h.identity()) == null;
            }
            if (hashed) { // a host file changed since the record: remember its new hash for the next call
                verdicts.remember(image, verdicts.identity(image), remembered.get().found(), hosts);
            }
            return compare(imageLabel, kernel, expectations, remembered.get().found(), null, hosts);
        }
        Optional<String> identity = verdicts == null ? Optional.empty() : verdicts.identity(image);
        ImageListing listing = new InitramfsImageReader(imageLabel).list(image); // errors name the image as given or detected
        Map<String, Optional<String>> found = new LinkedHashMap<>();
        for (String path : wanted) {
            found.put(path, listing.resolve(path).map(x -> x.sha256()).filter(Objects::nonNull));
        }
        List<ImageVerdicts.HostFile> hosts = hostFiles(expectations, null);
        if (verdicts != null && listing.complete()) {
            verdicts.remember(image, identity, found, hosts);
        }
        return compare(imageLabel, kernel, expectations, found, listing, hosts);
    }

    /**
     * The SHA-256 of each expectation's host file (null: not a regular file), taken from {@code remembered} when
     * the file still has the identity it had then, and read otherwise; each with its identity before the read.
     */
    private List<ImageVerdicts.HostFile> hostFiles(List<Expectation> expectations, ImageVerdicts.Recalled remembered) {
        List<ImageVerdicts.HostFile> hosts = new ArrayList<>();
        for (Expectation e : expectations) {
            String identity = null;
            if (verdicts != null) {
                Optional<String> now = verdicts.identity(e.hostFile());
                identity = now.isPresent() ? now.get() : null;
            }
            String sha = remembered == null ? null : remembered.hostSha256(e.hostFile(), identity);
            hosts.add(new ImageVerdicts.HostFile(e.hostFile(), identity, sha != null ? sha : hash(e.hostFile())));
        }
        return hosts;
    }

    /** {@code listing}: the image as read now, null when its findings were remembered (then it unpacked whole). */
    private ImageCheck compare(String imageLabel, String kernel, List<Expectation> expectations, Map<String, Optional<String>> found,
            ImageListing listing, List<ImageVerdicts.HostFile> hosts) {
        List<FileCheck> checks = new ArrayList<>();
        for (int i = 0; i < expectations.size(); i++) {
            Expectation e = expectations.get(i);
            Optional<String> image = found.get(e.imagePath());
            String inImage = image.isPresent() ? image.get() : null;
            String onHost = hosts.get(i).sha256();
            FileCheckStatus status = onHost == null ? FileCheckStatus.MISSING_ON_HOST
                    : inImage == null ? FileCheckStatus.MISSING_IN_IMAGE
                    : inImage.equals(onHost) ? FileCheckStatus.SAME : FileCheckStatus.DIFFERENT;
            String cause = inImage == null && listing != null && !listing.complete()
                    ? "the kernel stops unpacking before it: " + listing.error().message() : null;
            checks.add(new FileCheck(e.imagePath(), e.hostLabel(), status, inImage, onHost, cause));
        }
        return new ImageCheck(imageLabel, kernel, checks, listing == null ? null : listing.error());
    }

    /**
     * disktune's own files (those that exist on the host) in the initramfs images of every installed
     * kernel. Nothing written yet is a note, not a failure; no image at all is an environment error.
     */
    public ImageVerification verifyOwnFiles() {
        List<String> notes = new ArrayList<>();
        List<Expectation> expectations = new ArrayList<>();
        for (String own : OWN_FILES) {
            if (Files.exists(host.path(own))) {
                expectations.add(machineFile(own));
            }
        }
        if (expectations.isEmpty()) {
            notes.add("disktune has written no file that belongs in the initramfs (" + String.join(", ", OWN_FILES) + " absent)");
            return new ImageVerification(List.of(), notes);
        }
        Map<String, String> images = new LinkedHashMap<>();
        for (InstalledKernel kernel : new InitramfsGeneratorDetector(host).detect().kernels()) {
            for (String image : kernel.initramfsImages()) {
                images.putIfAbsent(image, kernel.version());
            }
        }
        if (images.isEmpty()) {
            throw new DisktuneException(ExitCode.ENVIRONMENT,
                    "no initramfs image found for any installed kernel under /boot; build one (disktune initramfs rebuild) or name the image");
        }
        List<ImageCheck> checks = new ArrayList<>();
        for (Map.Entry<String, String> image : images.entrySet()) {
            checks.add(check(host.path(image.getKey()), image.getKey(), image.getValue(), expectations));
        }
        return new ImageVerification(checks, notes);
    }

    private static String hash(Path file) {
        try {
            return Files.isRegularFile(file) ? Sha256.ofFile(file) : null;
        } catch (IOException e) {
            throw new DisktuneException(ExitCode.ENVIRONMENT, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
