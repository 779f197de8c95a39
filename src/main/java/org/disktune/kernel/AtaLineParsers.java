package org.disktune.kernel;

import static org.disktune.kernel.LineGroups.first;
import static org.disktune.kernel.LineGroups.whole;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The libata lines of a boot: each reader gives the groups 1..n of its pattern (null for a group that took no part),
 * or null where the pattern does not match the whole text ({@code matches()}; "first" readers take the first match
 * anywhere, {@code find()}).
 */
final class AtaLineParsers {
    private AtaLineParsers() {
    }

    /** The patterns, compiled when a reader is first used. */
    private static final class Patterns {
        static final Pattern ATA_DEVICE = Pattern.compile("^ata(\\d{1,4})\\.(\\d{2}): (.*)$");
        static final Pattern ATA_PORT = Pattern.compile("^ata(\\d{1,4}): (.*)$");
        static final Pattern LINK = Pattern.compile("^SATA link (up|down)(?: ((?:\\d+(?:\\.\\d+)?|<unknown>) ?Gbps|<unknown>))?"
                + "(?: \\(SStatus (\\w+) SControl (\\w+)\\))?.*");
        static final Pattern GBPS = Pattern.compile("(\\d)Gbps");
        static final Pattern PORT = Pattern.compile("^(SATA|PATA) max (\\S+)(?: (.*))?$");
        static final Pattern IRQ = Pattern.compile(WordBoundary.BEFORE + "irq (\\d{1,6})" + WordBoundary.AFTER);
        static final Pattern IDENTITY = Pattern.compile("^((?:ATA|CFA)(?:-\\d{1,3})?|ATAPI): (.*), ([^,]*), max (\\S+?)(?:,.*)?$");
        static final Pattern OLD_IDENTITY = Pattern.compile("^((?:ATA|CFA)(?:-\\d{1,3})?), max (\\S+?), (\\d{1,19}) sectors: (.*)$");
        static final Pattern OLD_ATAPI = Pattern.compile("^ATAPI(?:-\\d{1,3})?, max (\\S+?)(?:,.*)?$");
        static final Pattern SECTORS = Pattern.compile("^(\\d{1,19}) sectors, multi (\\d{1,5}): (LBA48|LBA)" + WordBoundary.AFTER + "\\s*(.*)$");
        static final Pattern SECTORS_CHS = Pattern.compile("^(\\d{1,19}) sectors, multi (\\d{1,5}), CHS (\\d+/\\d+/\\d+).*$");
        static final Pattern OLD_MULTI = Pattern.compile("^ata\\d+: dev \\d+ multi count (\\d{1,5})$");
        static final Pattern NCQ_DEPTH = Pattern.compile("NCQ \\(depth (\\d{1,4})(?:/(\\d{1,4}))?\\)(, AA)?");
        static final Pattern CONFIGURED = Pattern.compile("^configured for (\\S+)");
        static final Pattern FORCE = Pattern.compile("^FORCE: (.*)$");
        static final Pattern FORCE_MODIFIED = Pattern.compile("^(?:horkage )?modified \\((.*)\\)$");
        static final Pattern QUIRKS = Pattern.compile("^Model '(.*)', rev '(.*)', applying quirks:(.*)$");
        static final Pattern FEATURES = Pattern.compile("^Features:(.*)$");
        static final Pattern BLANKS = Pattern.compile("\\s+");
        static final Pattern BLANKS_OR_COMMAS = Pattern.compile("[,\\s]+");
    }

    /** {@code ataP.DD: message}: port, device, message. */
    static String[] ataDevice(String msg) {
        return whole(Patterns.ATA_DEVICE, msg);
    }

    /** {@code ataP: message}: port, message. */
    static String[] ataPort(String msg) {
        return whole(Patterns.ATA_PORT, msg);
    }

    /** {@code SATA link up 1.5 Gbps (SStatus 113 SControl 300)}: state, speed, SStatus, SControl. */
    static String[] link(String s) {
        return whole(Patterns.LINK, s);
    }

    /** "3.0Gbps" as "3.0 Gbps", as newer kernels print it. */
    static String spaceBeforeGbps(String s) {
        return Patterns.GBPS.matcher(s).replaceAll("$1 Gbps");
    }

    /** {@code SATA max UDMA/133 abar ... irq 24}: SATA or PATA, mode, resources. */
    static String[] port(String s) {
        return whole(Patterns.PORT, s);
    }

    /** The first {@code irq N} that stands as words of its own: N. */
    static String[] irq(String s) {
        return first(Patterns.IRQ, s);
    }

    /** {@code ATA-7: QEMU HARDDISK, 2.5+, max UDMA/100}: class, model, firmware, max mode. */
    static String[] identity(String s) {
        return whole(Patterns.IDENTITY, s);
    }

    /** 2.6.1x: {@code ATA-6, max UDMA/100, 156301488 sectors: LBA48}: class, max mode, sectors, rest. */
    static String[] oldIdentity(String s) {
        return whole(Patterns.OLD_IDENTITY, s);
    }

    /** 2.6.1x: {@code ATAPI-5, max UDMA/33}: max mode. */
    static String[] oldAtapi(String s) {
        return whole(Patterns.OLD_ATAPI, s);
    }

    /** {@code 2097152 sectors, multi 16: LBA48 NCQ (depth 32)}: sectors, multi, LBA mode, rest. */
    static String[] sectors(String s) {
        return whole(Patterns.SECTORS, s);
    }

    /** {@code 2097152 sectors, multi 16, CHS 16383/16/63}: sectors, multi, CHS. */
    static String[] sectorsChs(String s) {
        return whole(Patterns.SECTORS_CHS, s);
    }

    /** 2.6.1x: {@code ata1: dev 0 multi count 16}: multi. */
    static String[] oldMulti(String s) {
        return whole(Patterns.OLD_MULTI, s);
    }

    /** The first {@code NCQ (depth Q/D), AA}: queue depth, drive depth, ", AA". */
    static String[] ncqDepth(String s) {
        return first(Patterns.NCQ_DEPTH, s);
    }

    /** {@code configured for UDMA/100...}: mode. */
    static String[] configured(String s) {
        return first(Patterns.CONFIGURED, s);
    }

    /** {@code FORCE: ...}: what was forced. */
    static String[] force(String s) {
        return whole(Patterns.FORCE, s);
    }

    /** {@code horkage modified (noncq,nohrst)}: the list. */
    static String[] forceModified(String s) {
        return whole(Patterns.FORCE_MODIFIED, s);
    }

    /** {@code Model 'M', rev 'R', applying quirks: ...}: model, revision, quirks. */
    static String[] quirks(String s) {
        return whole(Patterns.QUIRKS, s);
    }

    /** {@code Features: Trust Dev-Sleep}: the list. */
    static String[] features(String s) {
        return whole(Patterns.FEATURES, s);
    }

    /** The words of {@code s} between runs of ASCII blanks ({@code \s}), and of commas too when {@code commas}. */
    static List<String> words(String s, boolean commas) {
        Pattern between = commas ? Patterns.BLANKS_OR_COMMAS : Patterns.BLANKS;
        return Arrays.stream(between.split(s)).filter(w -> !w.isEmpty()).toList();
    }
}
