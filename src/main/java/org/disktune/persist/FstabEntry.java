package org.disktune.persist;

import java.util.List;

/**
 * One mount line of an fstab file, as libmount reads it ({@code mnt_parse_table_line} in util-linux
 * libmount/src/tab_parse.c): the device, mount point and type are required, the options field is optional
 * (a line without it mounts with the default options). Every field is decoded the way libmount's
 * {@code unmangle} does it: a backslash followed by three octal digits is that byte ({@code \040} space,
 * {@code \011} tab, {@code \012} newline, {@code \134} backslash), the bytes then read as UTF-8.
 *
 * @param line 1-based line number in the file
 * @param spec the device field (fs_spec), decoded
 * @param mountPoint the mount point field (fs_file), decoded, exactly as written (a trailing slash kept)
 * @param type the file system type field, decoded
 * @param options the options, split at commas outside double quotes, each decoded; empty when the line has no options field
 * @param rawOptions the options field byte for byte (as ISO-8859-1 text), or null when the line has only three fields
 */
public record FstabEntry(int line, String spec, String mountPoint, String type, List<String> options, String rawOptions) {
    public FstabEntry {
        options = List.copyOf(options);
    }

    /** True for a swap line (type {@code swap}); its mount point is {@code none} or a placeholder, never a directory. */
    public boolean swap() {
        return "swap".equals(type);
    }
}
