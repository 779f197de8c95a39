package org.disktune.initramfs.config;

import java.util.List;

/**
 * dracut's configuration after sourcing every file in dracut's order: {@code hostOnly} is the
 * last hostonly= value (null when never set: dracut then builds a generic image), installItems is
 * the final install_items split into words (so a missing space between two {@code +=} values shows
 * up as one glued word, as dracut would see it), initrdName the initrdname= pattern if any.
 */
public record DracutConf(List<String> files, Boolean hostOnly, List<String> installItems, String initrdName) {
    public DracutConf {
        files = List.copyOf(files);
        installItems = List.copyOf(installItems);
    }

    /** dracut copies /etc/modprobe.d/*.conf only in host-only mode. */
    public boolean copiesModprobeD() {
        return Boolean.TRUE.equals(hostOnly);
    }

    public boolean installs(String path) {
        return installItems.contains(path);
    }
}
