package org.disktune.detect;

import java.util.List;

/** An ATA port ({@code ataN}) of a controller, its link speed and the devices behind it. */
public record AtaPort(
        String name,
        String controller,
        String linkSpeed,
        String linkSpeedLimit,
        List<AtaDevice> devices) {
}
