package org.disktune.initramfs;

/**
 * One file compared between an image and the host, by SHA-256. {@code cause} says why a file is
 * missing when the kernel stops unpacking the image at an error before reaching it; null otherwise.
 */
public record FileCheck(String imagePath, String hostPath, FileCheckStatus status, String imageSha256, String hostSha256,
        String cause) {
    public FileCheck(String imagePath, String hostPath, FileCheckStatus status, String imageSha256, String hostSha256) {
        this(imagePath, hostPath, status, imageSha256, hostSha256, null);
    }

    public boolean ok() {
        return status == FileCheckStatus.SAME;
    }

    public String describe() {
        return switch (status) {
            case SAME -> imagePath + ": same bytes as " + hostPath;
            case DIFFERENT -> imagePath + ": differs from " + hostPath + " (image " + imageSha256.substring(0, 12)
                    + "…, host " + hostSha256.substring(0, 12) + "…)";
            case MISSING_IN_IMAGE -> imagePath + ": not in the image" + (cause == null ? "" : " (" + cause + ")");
            case MISSING_ON_HOST -> imagePath + ": " + hostPath + " does not exist on the host";
        };
    }
}
