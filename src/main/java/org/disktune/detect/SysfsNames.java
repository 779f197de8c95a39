package org.disktune.detect;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The names and lines of sysfs and procfs that detection reads: PCI addresses, ATA ports, SCSI addresses, mdstat lines. */
final class SysfsNames {
    private SysfsNames() {
    }

    /** The patterns, compiled when a name is first read. */
    private static final class Patterns {
        static final Pattern PCI_ADDRESS = Pattern.compile("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
        static final Pattern ATA_PORT = Pattern.compile("ata(\\d+)");
        static final Pattern IDE_CHANNEL = Pattern.compile("ide\\d+");
        static final Pattern SCSI_ADDRESS = Pattern.compile("(\\d+):(\\d+):(\\d+):(\\d+)");
        static final Pattern BRACKETED = Pattern.compile("\\[([^\\]\\s]+)]");
        static final Pattern MDSTAT_ARRAY = Pattern.compile("^(md\\w*)\\s*:\\s*\\S+\\s+(.*)$");
        static final Pattern MDSTAT_MEMBER = Pattern.compile("(\\S+?)\\[\\d+]");
        static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");
    }

    /** A PCI function address ("0000:00:1f.2"). */
    static boolean isPciAddress(String s) {
        return Patterns.PCI_ADDRESS.matcher(s).matches();
    }

    /** The port number of an ATA port name ("ata3": "3"), or null. */
    static String ataPortNumber(String s) {
        Matcher m = Patterns.ATA_PORT.matcher(s);
        return m.matches() ? m.group(1) : null;
    }

    /** A legacy IDE channel ("ide0"). */
    static boolean isIdeChannel(String s) {
        return Patterns.IDE_CHANNEL.matcher(s).matches();
    }

    /** Host, channel, target and lun of a SCSI address ("0:0:1:0"), or null. */
    static String[] scsiAddress(String s) {
        Matcher m = Patterns.SCSI_ADDRESS.matcher(s);
        return m.matches() ? new String[] {m.group(1), m.group(2), m.group(3), m.group(4)} : null;
    }

    /** The first bracketed word ("none [mq-deadline] kyber": the active scheduler), or null. */
    static String firstBracketed(String s) {
        Matcher m = Patterns.BRACKETED.matcher(s);
        return m.find() ? m.group(1) : null;
    }

    /** The array and what follows its level in a /proc/mdstat line ("md0 : active raid1 hdf1[1] hde1[0]"), or null. */
    static String[] mdstatArray(String line) {
        Matcher m = Patterns.MDSTAT_ARRAY.matcher(line);
        return m.matches() ? new String[] {m.group(1), m.group(2)} : null;
    }

    /** The member names of an mdstat line, in order ("hdf1[1] hde1[0]": hdf1, hde1). */
    static List<String> mdstatMembers(String s) {
        return Patterns.MDSTAT_MEMBER.matcher(s).results().map(m -> m.group(1)).toList();
    }

    /** {@code length} hex digits, either case. */
    static boolean isHex(String s, int length) {
        return s.length() == length && Patterns.HEX.matcher(s).matches();
    }

    /** The device number of an ATA device id ("ata1.00"): at least two ASCII digits, as the kernel writes it. */
    static String twoDigits(long n) {
        return String.format(Locale.ROOT, "%02d", n);
    }
}
