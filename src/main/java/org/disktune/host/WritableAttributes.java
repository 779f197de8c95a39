package org.disktune.host;

import java.util.List;

/**
 * The sysfs attributes a host lets disktune write, relative to {@code /sys/block/NAME/}: those of any block device, and those
 * of md arrays only. The settings table (org.disktune.config.Setting) supplies them through {@link java.util.ServiceLoader},
 * so that a new setting's row is also its entry on the allow-list while this package depends on no settings.
 */
public interface WritableAttributes {
    /** Attributes of any block device (queue/scheduler, device/queue_depth ...). */
    List<String> ofBlockDevices();

    /** Attributes of md arrays ({@code /sys/block/mdN/}) only (md/stripe_cache_size). */
    List<String> ofMdArrays();
}
