package org.disktune.initramfs.config;

import java.util.List;

/**
 * What mkinitcpio.conf (plus drop-ins, if given) sets, evaluated as bash would: later assignments
 * replace earlier ones, {@code +=} appends. {@code filesForm} is the form of the last FILES
 * assignment (null when there is none); {@code modconfHook} is true when HOOKS contains
 * {@code modconf}, which copies /etc/modprobe.d/*.conf into the image by itself.
 */
public record MkinitcpioConf(List<String> files, List<String> hooks, List<String> modules, ValueForm filesForm, int filesLine, boolean modconfHook) {
    public MkinitcpioConf {
        files = List.copyOf(files);
        hooks = List.copyOf(hooks);
        modules = List.copyOf(modules);
    }
}
