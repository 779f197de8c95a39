package org.disktune.bench.sweep;

/** Puts a device's settings to a sweep point: through the journal on a real device ({@link SysfsSwitcher}), a fake in tests. */
public interface Switcher {
    /** Sets {@code point}; {@code why} goes into the journal entry's description. */
    void set(SweepPoint point, String why);
}
