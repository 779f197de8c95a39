package org.disktune.modprobe;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code .modinfo} section of a kernel module's ELF file: NUL-separated {@code key=value} strings written by
 * MODULE_INFO (include/linux/moduleparam.h: {@code parm=NAME:description}, {@code parmtype=NAME:TYPE}), the data
 * {@code modinfo} prints. Reads ELF32 and ELF64 of either byte order (the section header table and its string
 * table, as kmod's libkmod-elf.c does); anything that is not such a file is an {@link IllegalArgumentException}.
 */
public final class ModinfoSection {
    private ModinfoSection() {
    }

    /** The key=value entries of the .modinfo section of an ELF module image, in file order. */
    public static List<Map.Entry<String, String>> read(byte[] elf) {
        ByteBuffer b = ByteBuffer.wrap(elf);
        if (elf.length < 52 || b.getInt(0) != 0x7f454c46) {
            throw new IllegalArgumentException("not an ELF file");
        }
        boolean wide = switch (elf[4]) {
            case 1 -> false;
            case 2 -> true;
            default -> throw new IllegalArgumentException("ELF class " + elf[4] + " is neither 32- nor 64-bit");
        };
        b.order(switch (elf[5]) {
            case 1 -> ByteOrder.LITTLE_ENDIAN;
            case 2 -> ByteOrder.BIG_ENDIAN;
            default -> throw new IllegalArgumentException("ELF data encoding " + elf[5] + " is unknown");
        });
        long shoff = wide ? b.getLong(0x28) : Integer.toUnsignedLong(b.getInt(0x20));
        int shentsize = Short.toUnsignedInt(b.getShort(wide ? 0x3a : 0x2e));
        int shnum = Short.toUnsignedInt(b.getShort(wide ? 0x3c : 0x30));
        int shstrndx = Short.toUnsignedInt(b.getShort(wide ? 0x3e : 0x32));
        if (shentsize < (wide ? 64 : 40) || shstrndx >= shnum || shoff < 0 || shoff + (long) shnum * shentsize > elf.length) {
            throw new IllegalArgumentException("ELF section header table out of the file");
        }
        long[] names = section(b, wide, shoff + (long) shstrndx * shentsize, elf.length);
        for (int i = 0; i < shnum; i++) {
            long header = shoff + (long) i * shentsize;
            int nameOffset = b.getInt((int) header);
            if (nameOffset >= 0 && nameOffset < names[1] && ".modinfo".equals(cString(elf, names[0] + nameOffset, names[0] + names[1]))) {
                long[] modinfo = section(b, wide, header, elf.length);
                return entries(elf, (int) modinfo[0], (int) (modinfo[0] + modinfo[1]));
            }
        }
        return List.of();
    }

    /** The NUL-separated key=value strings of {@code bytes[from, to)} (also the format of modules.builtin.modinfo). */
    public static List<Map.Entry<String, String>> entries(byte[] bytes, int from, int to) {
        List<Map.Entry<String, String>> entries = new ArrayList<>();
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || bytes[i] == 0) {
                if (i > start) {
                    String entry = new String(bytes, start, i - start, StandardCharsets.UTF_8);
                    int eq = entry.indexOf('=');
                    if (eq > 0) {
                        entries.add(Map.entry(entry.substring(0, eq), entry.substring(eq + 1)));
                    }
                }
                start = i + 1;
            }
        }
        return entries;
    }

    /** Offset and size of the section whose header starts at {@code header}, checked to lie inside the file. */
    private static long[] section(ByteBuffer b, boolean wide, long header, int length) {
        int h = (int) header;
        long offset = wide ? b.getLong(h + 0x18) : Integer.toUnsignedLong(b.getInt(h + 0x10));
        long size = wide ? b.getLong(h + 0x20) : Integer.toUnsignedLong(b.getInt(h + 0x14));
        if (offset < 0 || size < 0 || offset + size > length) {
            throw new IllegalArgumentException("ELF section out of the file");
        }
        return new long[] {offset, size};
    }

    private static String cString(byte[] bytes, long from, long limit) {
        int end = (int) from;
        while (end < limit && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, (int) from, end - (int) from, StandardCharsets.ISO_8859_1);
    }
}
