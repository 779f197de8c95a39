package org.disktune.initramfs;

/** One file compared between an image and the host, by SHA-256. */
public record FileCheck(String imagePath, String hostPath, FileCheckStatus status, String imageSha256, String hostSha256) {
    public boolean ok() {
        return status == FileCheckStatus.SAME;
    }

    public String describe() {
        return switch (status) {
            case SAME -> imagePath + ": same bytes as " + hostPath;
            case DIFFERENT -> imagePath + ": differs from " + hostPath + " (image " + imageSha256.substring(0, 12)
                    + "…, host " + hostSha256.substring(0, 12) + "…)";
            case MISSING_IN_IMAGE -> imagePath + ": not in the image";
            case MISSING_ON_HOST -> imagePath + ": " + hostPath + " does not exist on the host";
        };
    }
}
