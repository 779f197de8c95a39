package org.disktune.initramfs.config;

/** Where disktune should add its FILES entry for mkinitcpio, and why. */
public record MkinitcpioPlacement(Target target, String reason) {
    public enum Target {
        /** FILES in /etc/mkinitcpio.conf (always works). */
        MAIN_CONFIG,
        /** /etc/mkinitcpio.conf.d/disktune.conf (mkinitcpio v36+, no preset naming a config). */
        DROP_IN
    }

    /**
     * Chooses the drop-in only when it is certain to be read and to work: the installed version is
     * known and at least 36, no preset names a config (mkinitcpio -c skips drop-ins), and the main
     * FILES is not an old string with several paths (FILES+=(...) would keep them as one word).
     */
    public static MkinitcpioPlacement choose(Integer version, MkinitcpioConf main, java.util.List<MkinitcpioPreset> presets) {
        if (version == null) {
            return new MkinitcpioPlacement(Target.MAIN_CONFIG, "mkinitcpio version unknown: editing FILES in /etc/mkinitcpio.conf");
        }
        if (version < 36) {
            return new MkinitcpioPlacement(Target.MAIN_CONFIG, "mkinitcpio " + version + " predates drop-ins (v36): editing FILES in /etc/mkinitcpio.conf");
        }
        for (MkinitcpioPreset p : presets) {
            if (p.namesConfig()) {
                return new MkinitcpioPlacement(Target.MAIN_CONFIG, "preset " + p.file() + " names a config file, so mkinitcpio ignores drop-ins: editing FILES in /etc/mkinitcpio.conf");
            }
        }
        if (main.filesForm() != null && main.filesForm() != ValueForm.ARRAY && main.files().size() > 1) {
            return new MkinitcpioPlacement(Target.MAIN_CONFIG, "FILES is an old string with several paths: editing it in /etc/mkinitcpio.conf");
        }
        return new MkinitcpioPlacement(Target.DROP_IN, "mkinitcpio " + version + " reads " + DropInRenderer.MKINITCPIO_DROP_IN);
    }
}
