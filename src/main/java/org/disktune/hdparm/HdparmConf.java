package org.disktune.hdparm;

import java.util.List;

import org.disktune.config.Setting;

/**
 * Debian's {@code /etc/hdparm.conf} as {@code /lib/hdparm/hdparm-functions} (hdparm 9.65+ds-1) reads it: options before
 * the first device block are the defaults of every disk, device blocks ({@code /dev/sda {}, {@code /dev/disk/by-id/... {})
 * add their own, {@code command_line} blocks are ignored (unsupported since Debian's 9.39-1). Each option says the
 * disktune {@link Setting} it maps to and the value in disktune's terms. {@link #problems()} lists what the script
 * refuses; a fatal one ({@link Problem#fatal()}) stops it, so no block closed after that line and no default is applied.
 */
public record HdparmConf(String file, List<Option> defaults, List<DeviceBlock> blocks, List<Option> ignored, List<Problem> problems) {
    public HdparmConf {
        defaults = List.copyOf(defaults);
        blocks = List.copyOf(blocks);
        ignored = List.copyOf(ignored);
        problems = List.copyOf(problems);
    }

    /**
     * One option line: {@code key = value} ({@code value} null for a bare word such as {@code quiet}); {@code setting} null
     * when disktune has no such setting; {@code settingValue} the value in disktune's terms (null when unmapped or not
     * valid); {@code note} why it is not mapped, or how it was converted (null when it maps as written).
     */
    public record Option(int line, String key, String value, Setting setting, String settingValue, String note) {
    }

    /** A {@code DEVICE {} ... {@code }} block; {@code closeLine} 0 when it is never closed. */
    public record DeviceBlock(int line, int closeLine, String device, List<Option> options) {
        public DeviceBlock {
            options = List.copyOf(options);
        }
    }

    /** A line the Debian script refuses; fatal when it stops reading there. */
    public record Problem(int line, String message, boolean fatal) {
    }

    /** The first line at which Debian's script stops (a fatal problem), or {@link Integer#MAX_VALUE}. */
    public int stopLine() {
        return problems.stream().filter(Problem::fatal).mapToInt(Problem::line).min().orElse(Integer.MAX_VALUE);
    }

    /** True when Debian's script applies this block: it is closed before any line that stops the script. */
    public boolean applies(DeviceBlock block) {
        return block.closeLine() > 0 && block.closeLine() < stopLine();
    }

    /** True when Debian's script gets through the whole file, so the defaults reach every disk. */
    public boolean defaultsApply() {
        return stopLine() == Integer.MAX_VALUE;
    }
}
