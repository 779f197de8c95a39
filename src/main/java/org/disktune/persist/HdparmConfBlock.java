package org.disktune.persist;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * disktune's marked block in Debian's {@code /etc/hdparm.conf}, for the hdparm settings of a Debian machine without
 * systemd that has the hdparm package: Debian's {@code /etc/init.d/hdparm} (and, from the udev helper on,
 * {@code /lib/udev/hdparm}) reads the file at boot and runs {@code hdparm OPTIONS DEVICE} for each
 * {@code DEVICE {}...{@code }} stanza, so the settings come from the package's own carrier, not from rc.local. One
 * stanza per disk, named by its /dev/disk/by-id path; the block sits between the same {@code # BEGIN disktune} and
 * {@code # END disktune} comment lines as {@link RcLocalBlock} (hdparm.conf skips lines that start with {@code #}),
 * and is edited the same byte-preserving way (appended at the end when new). Pure.
 */
public final class HdparmConfBlock {
    private HdparmConfBlock() {
    }

    /** The block for {@code stanzas} (device path to its {@code key = value} lines, in order), or empty text for none. */
    public static String block(String source, Map<String, List<String>> stanzas) {
        if (stanzas.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder(RcLocalBlock.BEGIN + ": generated from " + UdevValues.printable(source)
                + " (hdparm settings of a machine without systemd); `disktune apply` rewrites this block\n");
        stanzas.forEach((device, options) -> {
            b.append(line(device)).append(" {\n");
            options.forEach(o -> b.append('\t').append(line(o)).append('\n'));
            b.append("}\n");
        });
        return b.append(RcLocalBlock.END).append('\n').toString();
    }

    /** {@code file} with its block replaced by {@code block} (removed when empty), as {@link RcLocalBlock#with} edits. */
    public static byte[] with(byte[] file, String block) {
        return RcLocalBlock.with(file, block);
    }

    /**
     * {@code file} with each line of disktune's block blanked (line numbers kept), for reading what the administrator
     * wrote: the overlap check and {@code init}'s import must not see disktune's own stanzas.
     */
    public static byte[] withoutBlock(byte[] file) {
        return RcLocalBlock.current(file).map(block -> {
            String text = new String(file, StandardCharsets.ISO_8859_1);
            String ours = new String(block.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
            int at = text.indexOf(ours);
            String blanked = ours.replaceAll("[^\n]", "");
            return (text.substring(0, at) + blanked + text.substring(at + ours.length())).getBytes(StandardCharsets.ISO_8859_1);
        }).orElse(file);
    }

    private static String line(String text) {
        if (text.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f) || text.contains("{") || text.contains("}")) {
            throw new IllegalArgumentException("a line of the hdparm.conf block holds a control character or a brace: " + text);
        }
        return text;
    }
}
